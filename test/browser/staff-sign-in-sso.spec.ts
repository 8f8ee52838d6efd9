import type { Browser, BrowserContext, Page } from 'playwright-core';

import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';
import { expectAccessible } from './support/a11y.js';
import { openTrackedPage, waitForPath } from './support/accounts.js';
import { findFreePort, startApp, type RunningApp } from './support/app.js';
import { documentScrollWidth, launchBrowser, saveScreenshot } from './support/browser.js';

// Staff single sign-on in Chromium: the built app with one OpenID Connect provider (a real
// node-oidc-provider on this machine); the person clicks "Sign in with …", signs in at the
// provider, and lands on the dashboard — or back on the sign-in page with the reason.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };

let app: RunningApp;
let idp: TestOidcProvider;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const port = await findFreePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  idp = await startOidcProvider(`${publicUrl}/api/auth/oidc/acme/callback`);
  app = await startApp({ port, env: { OIDC_PROVIDERS: JSON.stringify([idp.setting({ name: 'Acme Okta' })]) } });
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await idp?.close();
});

/** From the app's sign-in page through the provider's login and consent forms. */
async function signInWithProvider(page: Page, accountId: string) {
  await page.getByRole('link', { name: 'Sign in with Acme Okta' }).click();
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(accountId);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('staff sign-in: single sign-on with OpenID Connect', () => {
  it('shows the provider on the sign-in page at 1280 and 375 px, and signs a new colleague in through it to the dashboard', async () => {
    const mobile = await openTrackedPage(browser, contexts, MOBILE);
    await mobile.page.goto(`${app.url}/login`);
    await mobile.page.getByRole('link', { name: 'Sign in with Acme Okta' }).waitFor();
    expect(await documentScrollWidth(mobile.page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(mobile.page, 'staff-sign-in-sso-375');

    const { page, errors } = await openTrackedPage(browser, contexts, DESKTOP);
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Acme Okta' }).waitFor();
    await expectAccessible(page, 'sign-in page with single sign-on');
    await saveScreenshot(page, 'staff-sign-in-sso-1280');

    expect(errors).toEqual([]);

    idp.accounts.set('iris-sub', { email: 'iris@acme.test', email_verified: true, name: 'Iris' });
    await signInWithProvider(page, 'iris-sub');
    // A new account has no organization yet: the dashboard opens on the organization picker.
    await page.waitForURL((url) => url.origin === app.url && url.pathname === '/dashboard/select');
    // The provider's development pages ask for a web font this machine cannot reach; only the app's own errors count.
    errors.length = 0;
    await page.getByRole('heading', { name: 'Your organizations' }).waitFor();
    await page.getByText('No organizations found!').waitFor();
    await page.getByRole('button', { name: /iris/ }).waitFor();
    await saveScreenshot(page, 'staff-sign-in-sso-dashboard-1280');
    expect(errors).toEqual([]);
  });

  it('brings a refused colleague back to the sign-in page with the reason', async () => {
    const { page } = await openTrackedPage(browser, contexts, DESKTOP);
    await page.goto(`${app.url}/login`);
    idp.accounts.set('jack-sub', { email: 'jack@elsewhere.test', email_verified: true });
    await signInWithProvider(page, 'jack-sub');
    await waitForPath(page, '/login');
    await page.getByRole('alert').getByText('No account uses this e-mail address', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Sign in with Acme Okta' }).waitFor();
    await saveScreenshot(page, 'staff-sign-in-sso-refused-1280');
  });
});
