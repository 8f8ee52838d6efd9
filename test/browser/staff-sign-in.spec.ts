import type { BrowserContext, Page } from 'playwright-core';

import { generate } from 'otplib';

import { newCredentials, openTrackedPage, registerInContext, waitForPath, type Credentials } from './support/accounts.js';
import { documentScrollWidth, saveScreenshot, waitForPageCondition } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// Staff sign-in in Chromium against the built server: set up an authenticator app on the
// Security page, then sign in with the password and a code from it (or a recovery code).

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };

const contexts: BrowserContext[] = [];

/** The code of the time step `steps` away from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const suite = browserSuite();

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function passwordStep(page: Page, who: Credentials) {
  await page.goto(`${suite.app.url}/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
}

describe('staff sign-in: authenticator app (TOTP)', () => {
  it('sets up an app on the Security page, then signs in with the password and a code, or a recovery code', async () => {
    const desktop = await openTrackedPage(suite.browser, contexts, DESKTOP);
    const who = newCredentials('twofa');
    await registerInContext(desktop.context, suite.app.url, who);
    const page = desktop.page;

    await page.goto(`${suite.app.url}/dashboard/user/me/security`);
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByText('Off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Set up' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await saveScreenshot(page, 'staff-sign-in-security-setup-1280');

    await card.getByLabel('Code from the app').fill('000000');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('The code is not valid or was already used').waitFor();
    await card.getByLabel('Code from the app').fill(await codeAt(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent())!.trim();
    await saveScreenshot(page, 'staff-sign-in-recovery-codes-1280');
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await card.getByText('10 recovery codes left', { exact: false }).waitFor();
    await saveScreenshot(page, 'staff-sign-in-security-1280');

    // A new browser: the password alone does not sign in.
    const second = await openTrackedPage(suite.browser, contexts, DESKTOP);
    await passwordStep(second.page, who);
    await saveScreenshot(second.page, 'staff-sign-in-second-factor-1280');
    await second.page.getByLabel('Code').fill('000000');
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.getByText('The code is not valid or was already used').waitFor();
    await second.page.getByLabel('Code').fill(await codeAt(secret, 1));
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(second.page, '/dashboard/select');

    // On a phone, with a recovery code; the Security page then counts nine.
    const phone = await openTrackedPage(suite.browser, contexts, MOBILE);
    await passwordStep(phone.page, who);
    await saveScreenshot(phone.page, 'staff-sign-in-second-factor-375');
    expect(await documentScrollWidth(phone.page)).toBeLessThanOrEqual(MOBILE.width);
    await phone.page.getByLabel('Code').fill(recoveryCode);
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(phone.page, '/dashboard/select');
    await phone.page.goto(`${suite.app.url}/dashboard/user/me/security`);
    await phone.page.getByText('9 recovery codes left', { exact: false }).waitFor();
    const sessions = phone.page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
    await phone.page.getByText('This device').waitFor();
    expect(await sessions.count()).toBe(3);
    await saveScreenshot(phone.page, 'staff-sign-in-security-375', true);
    expect(await documentScrollWidth(phone.page)).toBeLessThanOrEqual(MOBILE.width);

    // Sign out everywhere else: the desktop browsers are signed out, the phone goes on.
    await phone.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await phone.page.getByText('Signed out everywhere else').waitFor();
    await waitForPageCondition(phone.page, `document.querySelectorAll('[aria-label="Active sessions"] li').length === 1`, 'one session left');
    await desktop.page.goto(`${suite.app.url}/dashboard/user/me/security`);
    await waitForPath(desktop.page, '/login');

    for (const opened of [desktop, second, phone]) expect(opened.errors).toEqual([]);
  });
});
