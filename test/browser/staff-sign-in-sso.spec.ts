import type { BrowserContext, Page } from 'playwright-core';

import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';
import { expectAccessible } from './support/a11y.js';
import { openTrackedPage, waitForPath } from './support/accounts.js';
import { findFreePort } from './support/app.js';
import { documentScrollWidth, saveScreenshot } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// Staff single sign-on in Chromium: the built app with one OpenID Connect provider (a real
// node-oidc-provider on this machine); the person clicks "Sign in with …", signs in at the
// provider, and lands on the dashboard — or back on the sign-in page with the reason.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };

let idp: TestOidcProvider;
const contexts: BrowserContext[] = [];

const suite = browserSuite({
  // The identity provider knows the app's callback before the app starts: the port is chosen first.
  app: async () => {
    const port = await findFreePort();
    idp = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/oidc/acme/callback`);
    return { port, env: { OIDC_PROVIDERS: JSON.stringify([idp.setting({ name: 'Acme Okta' })]) } };
  },
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
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
    const mobile = await openTrackedPage(suite.browser, contexts, MOBILE);
    await mobile.page.goto(`${suite.app.url}/login`);
    await mobile.page.getByRole('link', { name: 'Sign in with Acme Okta' }).waitFor();
    expect(await documentScrollWidth(mobile.page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(mobile.page, 'staff-sign-in-sso-375');

    const { page, errors } = await openTrackedPage(suite.browser, contexts, DESKTOP);
    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Acme Okta' }).waitFor();
    await expectAccessible(page, 'sign-in page with single sign-on');
    await saveScreenshot(page, 'staff-sign-in-sso-1280');

    expect(errors).toEqual([]);

    idp.accounts.set('iris-sub', { email: 'iris@acme.test', email_verified: true, name: 'Iris' });
    await signInWithProvider(page, 'iris-sub');
    // A new account has no organization yet: the dashboard opens on the organization picker.
    await page.waitForURL((url) => url.origin === suite.app.url && url.pathname === '/dashboard/select');
    // The provider's development pages ask for a web font this machine cannot reach; only the app's own errors count.
    errors.length = 0;
    await page.getByRole('heading', { name: 'Your organizations' }).waitFor();
    await page.getByText('No organizations found!').waitFor();
    await page.getByRole('button', { name: /iris/ }).waitFor();
    await saveScreenshot(page, 'staff-sign-in-sso-dashboard-1280');
    expect(errors).toEqual([]);
  });

  it('brings a refused colleague back to the sign-in page with the reason', async () => {
    const { page } = await openTrackedPage(suite.browser, contexts, DESKTOP);
    await page.goto(`${suite.app.url}/login`);
    idp.accounts.set('jack-sub', { email: 'jack@elsewhere.test', email_verified: true });
    await signInWithProvider(page, 'jack-sub');
    await waitForPath(page, '/login');
    await page.getByRole('alert').getByText('No account uses this e-mail address', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Sign in with Acme Okta' }).waitFor();
    await saveScreenshot(page, 'staff-sign-in-sso-refused-1280');
  });
});
