import type { BrowserContext, Page } from 'playwright-core';

import { logInThroughForm, newCredentials, openTrackedPage, registerInContext, waitForPath, type Credentials } from './support/accounts.js';
import { documentScrollWidth, saveScreenshot } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// Passkeys in Chromium against the built server, with Chromium's own virtual authenticator
// (CDP WebAuthn domain): register one on the Security page, sign in with it and no
// password; then an organization that requires two-factor sign-in keeps its owner on the
// Security page after the password until a passkey is set up.

const DESKTOP = { width: 1280, height: 900 };
const SUPER_ADMIN = { email: 'root@example.com', username: 'root', password: 'root-password-1' };
const MOBILE = { width: 375, height: 812 };

const contexts: BrowserContext[] = [];

// WebAuthn refuses an IP address as the relying party: the app is reached as localhost.
const suite = browserSuite({ app: { host: 'localhost', env: { ADMIN_EMAIL: SUPER_ADMIN.email, ADMIN_PASSWORD: SUPER_ADMIN.password } } });

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A platform authenticator that keeps discoverable credentials and verifies the user without asking. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signOut(context: BrowserContext): Promise<void> {
  const response = await context.request.post(`${suite.app.url}/api/auth/logout`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(response.status()).toBe(204);
}

async function addPasskey(page: Page, name: string): Promise<void> {
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await card.getByLabel('Passkey name').fill(name);
  await card.getByRole('button', { name: 'Create passkey' }).click();
  await page.getByText('Passkey added').waitFor();
  await card.getByRole('list', { name: 'Your passkeys' }).getByText(name).waitFor();
}

async function passwordStep(page: Page, who: Credentials): Promise<void> {
  await page.goto(`${suite.app.url}/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('passkeys', () => {
  it('registers a passkey on the Security page, then signs in with it and no password', async () => {
    const desktop = await openTrackedPage(suite.browser, contexts, DESKTOP);
    const { page, context } = desktop;
    await addVirtualAuthenticator(page);
    const who = newCredentials('passkey');
    await registerInContext(context, suite.app.url, who);

    await page.goto(`${suite.app.url}/dashboard/user/me/security`);
    await page.getByRole('region', { name: 'Passkeys' }).getByText('No passkeys yet.').waitFor();
    await addPasskey(page, 'Work laptop');
    await page.getByRole('region', { name: 'Passkeys' }).getByText('never used', { exact: false }).waitFor();

    await signOut(context);
    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await saveScreenshot(page, 'passkeys-login-1280');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/dashboard/select');

    await page.goto(`${suite.app.url}/dashboard/user/me/security`);
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('last used', { exact: false }).waitFor();
    await saveScreenshot(page, 'passkeys-security-1280', true);

    // The password now asks for the passkey as the second step.
    await signOut(context);
    await passwordStep(page, who);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByText('Confirm with your passkey to finish signing in.').waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await waitForPath(page, '/dashboard/select');

    const phone = await openTrackedPage(suite.browser, contexts, MOBILE);
    await phone.context.addCookies(await context.cookies());
    await phone.page.goto(`${suite.app.url}/dashboard/user/me/security`);
    await phone.page.getByRole('region', { name: 'Passkeys' }).getByText('Work laptop').waitFor();
    await saveScreenshot(phone.page, 'passkeys-security-375', true);
    expect(await documentScrollWidth(phone.page)).toBeLessThanOrEqual(MOBILE.width);
    const guest = await openTrackedPage(suite.browser, contexts, MOBILE);
    await guest.page.goto(`${suite.app.url}/login`);
    await guest.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await saveScreenshot(guest.page, 'passkeys-login-375');
    expect(await documentScrollWidth(guest.page)).toBeLessThanOrEqual(MOBILE.width);

    for (const opened of [desktop, phone, guest]) expect(opened.errors).toEqual([]);
  });

  it('an organization requiring two-factor sign-in keeps its owner on the Security page after the password until a passkey is set up', async () => {
    const desktop = await openTrackedPage(suite.browser, contexts, DESKTOP);
    const { page, context } = desktop;
    await addVirtualAuthenticator(page);
    const who = newCredentials('strict');
    await registerInContext(context, suite.app.url, who);
    const created = await context.request.post(`${suite.app.url}/api/projects`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { name: 'Strict Bank' },
    });
    expect(created.status()).toBe(201);
    const organization = (await created.json()) as { id: string };

    await page.goto(`${suite.app.url}/dashboard/${organization.id}/settings`);
    await page.getByLabel('Require two-factor sign-in', { exact: false }).click();
    await page.getByText('Two-factor sign-in is now required').waitFor();
    await saveScreenshot(page, 'passkeys-organization-sign-in-1280');

    await signOut(context);
    await passwordStep(page, who);
    await waitForPath(page, '/dashboard/user/me/security');
    await page.getByText('Set up two-factor sign-in to continue').waitFor();
    await saveScreenshot(page, 'passkeys-enrolment-required-1280');
    // Any other page leads back here.
    await page.goto(`${suite.app.url}/dashboard/${organization.id}/settings`);
    await waitForPath(page, '/dashboard/user/me/security');

    await addPasskey(page, 'Laptop');
    await page.getByText('Set up two-factor sign-in to continue').waitFor({ state: 'detached' });
    await page.goto(`${suite.app.url}/dashboard/${organization.id}/settings`);
    await page.getByLabel('Require two-factor sign-in', { exact: false }).waitFor();
    expect(await page.getByLabel('Require two-factor sign-in', { exact: false }).isChecked()).toBe(true);

    expect(desktop.errors).toEqual([]);
  });

  it('a super-admin requires it of administrators, is bound by it at once, and enrols a passkey', async () => {
    const desktop = await openTrackedPage(suite.browser, contexts, DESKTOP);
    const { page } = desktop;
    await addVirtualAuthenticator(page);
    await logInThroughForm(page, suite.app.url, SUPER_ADMIN.email, SUPER_ADMIN.password);

    await page.goto(`${suite.app.url}/dashboard/user/me/security`);
    const rule = page.getByRole('region', { name: 'Required two-factor sign-in' });
    await rule.getByLabel('Required for administrators and super-admins').check();
    await rule.getByRole('button', { name: 'Save rule' }).click();
    await page.getByText('Two-factor rule saved').waitFor();
    await page.getByText('Set up two-factor sign-in to continue').waitFor();
    // The full-page picture is taken from the top, where the sticky header belongs.
    await page.evaluate('window.scrollTo(0, 0)');
    await saveScreenshot(page, 'passkeys-policy-1280', true);

    await addPasskey(page, 'Admin key');
    await page.getByText('Set up two-factor sign-in to continue').waitFor({ state: 'detached' });
    await rule.getByLabel('Not required', { exact: false }).check();
    await rule.getByRole('button', { name: 'Save rule' }).click();
    await page.getByText('Two-factor rule saved').first().waitFor();
    expect(desktop.errors).toEqual([]);
  });
});
