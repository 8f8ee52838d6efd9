import type { BrowserContext, Page } from 'playwright-core';

import {
  expectToast,
  linkFromOutbox,
  logInThroughForm,
  newCredentials,
  registerInContext,
  solidPng,
  waitForPath,
  type Credentials,
  openTrackedPage,
} from './support/accounts.js';
import { animationsFinished, documentScrollWidth, saveScreenshot } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// The account screens in Chromium against the built server: register, log out, log in,
// change the password, reset a forgotten one and confirm the e-mail through the links the
// server wrote to its mail outbox, upload a profile picture, delete the account.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };

const contexts: BrowserContext[] = [];

const open = (viewport = DESKTOP) => openTrackedPage(suite.browser, contexts, viewport);

/** A signed-in page for a new account registered through the API. */
async function openSignedIn(viewport = DESKTOP) {
  const opened = await open(viewport);
  const who = newCredentials();
  const id = await registerInContext(opened.context, suite.app.url, who);
  return { ...opened, who, id };
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await menu.waitFor();
  return menu;
}

async function logOutThroughMenu(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logout' });
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Successfully logged out');
  await waitForPath(page, '/');
}

async function loginAnswer(who: Pick<Credentials, 'username' | 'password'>): Promise<number> {
  const response = await fetch(`${suite.app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ username: who.username, password: who.password }),
  });
  return response.status;
}

const suite = browserSuite();

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

describe('accounts', () => {
  it('registers, logs out through the dialog and logs back in', async () => {
    const { page, errors } = await open();
    const who = newCredentials('reg');
    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('link', { name: 'Signup for free' }).click();
    await waitForPath(page, '/register');

    await page.getByLabel('E-mail').fill(who.email);
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expectToast(page, 'Your registration was successful. Welcome to the product!');
    await waitForPath(page, '/dashboard/select');
    const menu = await openUserMenu(page);
    expect(await menu.textContent()).toContain(who.username);
    expect(await menu.getByText('Unconfirmed').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await logOutThroughMenu(page);
    // Signed out for real: the dashboard sends the visitor to /login.
    await page.goto(`${suite.app.url}/dashboard/user/me`);
    await waitForPath(page, '/login');

    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Provided username and password are not valid').waitFor();

    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/dashboard/select');
    expect(errors).toEqual([]);
  });

  it('changes the password, which logs the user out', async () => {
    const { page, who, errors } = await openSignedIn();
    await page.goto(`${suite.app.url}/dashboard/user/me/security`);
    await page.getByRole('link', { name: 'Change password' }).click();
    await waitForPath(page, '/dashboard/user/me/change-password');

    await page.getByLabel('Current password').fill(who.password);
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Confirm new password').fill('second-pass-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your passwords confirmation does not match').waitFor();

    await page.getByLabel('Confirm new password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Successfully changed password');
    await waitForPath(page, '/login');

    expect(await loginAnswer(who)).toBe(401);
    await logInThroughForm(page, suite.app.url, who.username, 'second-pass-2');
    expect(errors).toEqual([]);
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const registered = await openSignedIn();
    const { who } = registered;
    await registered.context.close();

    const { page, errors } = await open();
    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/password-reset');
    await page.getByLabel('E-mail').fill(who.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const link = await linkFromOutbox(suite.app, who.email, '/password-reset');
    await page.goto(`${suite.app.url}${link}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('reset-pass-9');
    await page.getByLabel('Confirm new password').fill('reset-pass-9');
    await page.getByRole('button', { name: 'Change password' }).click();

    await expectToast(page, 'Your password have been changed, you can login now');
    await waitForPath(page, '/login');
    await logInThroughForm(page, suite.app.url, who.username, 'reset-pass-9');

    // The link is single-use.
    await page.goto(`${suite.app.url}${link}`);
    await page.getByLabel('New password', { exact: true }).fill('again-pass-9');
    await page.getByLabel('Confirm new password').fill('again-pass-9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This link is invalid, has expired or was already used').waitFor();
    expect(errors).toEqual([]);
  });

  it('confirms the e-mail address through the e-mailed link', async () => {
    const { page, who, errors } = await openSignedIn();
    await page.goto(`${suite.app.url}/dashboard/user/me/security`);
    await page.getByRole('link', { name: 'Send confirmation e-mail' }).click();
    await waitForPath(page, '/dashboard/user/me/confirm-email');

    // Registration already sent one link; ask for a fresh one and follow that.
    const first = await linkFromOutbox(suite.app, who.email, '/confirm-email');
    const send = page.getByRole('button', { name: 'Send confirmation e-mail' });
    await send.click();
    await page.getByText('Check your inbox').waitFor();
    expect(await send.isDisabled()).toBe(true);
    const link = await linkFromOutbox(suite.app, who.email, '/confirm-email', { notIn: [first] });

    await page.goto(`${suite.app.url}${link}`);
    await page.getByText('Your e-mail address is confirmed').waitFor();
    // After 3 s the app reloads on the dashboard.
    await waitForPath(page, '/dashboard/select', 8000);
    const menu = await openUserMenu(page);
    expect(await menu.getByText('Unconfirmed').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${suite.app.url}/dashboard/user/me/confirm-email`);
    await page.getByText('Your e-mail address is already confirmed').waitFor();
    expect(await page.getByRole('button', { name: 'Send confirmation e-mail' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('uploads a profile picture and shows it in the user menu', async () => {
    const { page, id, errors } = await openSignedIn();
    await page.goto(`${suite.app.url}/dashboard/user/me/update`);
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    expect(await page.locator('.user-menu-button img').getAttribute('src')).toBe('/api/images/default');

    await page.locator('#profile-picture-file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(96, 96, [22, 163, 74]),
    });
    await page.getByText('Selected: me.png').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Successfully updated user details!');
    await waitForPath(page, '/dashboard/user/me');

    // The picture's address carries a version, so a replaced picture is never a cached one.
    const avatar = page.locator(`.user-menu-button img[src^="/api/users/${id}/image?v="]`);
    await avatar.waitFor({ timeout: 5000 });
    const expected = await avatar.getAttribute('src');
    // The browser really loaded the uploaded picture (96 px wide), not a broken image.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate<number>("document.querySelector('.user-menu-button img').naturalWidth")).toBe(96);

    const menu = await openUserMenu(page);
    expect(await menu.locator('img').getAttribute('src')).toBe(expected);
    expect(errors).toEqual([]);
  });

  it('refuses to delete the account of an organization owner, with a warning up front', async () => {
    const { page, context, who, errors } = await openSignedIn();
    const created = await context.request.post(`${suite.app.url}/api/projects`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { name: 'Owned organization' },
    });
    expect(created.status()).toBe(201);

    await page.goto(`${suite.app.url}/dashboard/user/me/delete`);
    await page.getByText('You still own an organization').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('alert').filter({ hasText: 'You cannot delete your account while you own an organization' }).waitFor();
    expect(await loginAnswer(who)).toBe(200);
    expect(errors).toEqual([]);
  });

  it('deletes the account from the Danger Zone', async () => {
    const { page, who, errors } = await openSignedIn();
    await page.goto(`${suite.app.url}/dashboard/user/me/security`);
    await page.getByRole('region', { name: 'Danger Zone' }).getByRole('link', { name: 'Delete account' }).click();
    await waitForPath(page, '/dashboard/user/me/delete');
    expect(await page.getByText('You still own an organization').count()).toBe(0);

    const button = page.getByRole('button', { name: 'Delete account' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await button.click();

    await expectToast(page, 'Successfully deleted user account');
    await waitForPath(page, '/');
    // Signed out: once the current user is reloaded, the public header offers Login again.
    await page.getByRole('link', { name: 'Login' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    expect(await loginAnswer(who)).toBe(401);
    expect(errors).toEqual([]);
  });
});

describe('account screens at 1280 and 375 px', () => {
  it.each([
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const)('look finished at %s px', async (width, viewport) => {
    const guest = await open(viewport);
    await guest.page.goto(`${suite.app.url}/login`);
    await guest.page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await saveScreenshot(guest.page, `login-${width}`);
    await guest.page.getByRole('button', { name: 'Log in' }).click();
    await guest.page.getByText('This field is required').first().waitFor();
    await saveScreenshot(guest.page, `login-errors-${width}`);
    await guest.page.goto(`${suite.app.url}/register`);
    await guest.page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await saveScreenshot(guest.page, `register-${width}`);
    await guest.page.goto(`${suite.app.url}/password-reset`);
    await guest.page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await saveScreenshot(guest.page, `password-reset-${width}`);

    const { page, errors } = await openSignedIn(viewport);
    for (const [path, heading, name] of [
      ['/dashboard/user/me', 'My account', 'account'],
      ['/dashboard/user/me/security', 'Privacy & Security', 'security'],
      ['/dashboard/user/me/update', 'Edit profile', 'edit-profile'],
      ['/dashboard/user/me/delete', 'Delete account', 'delete-account'],
      ['/dashboard/user/me/change-password', 'Change password', 'change-password'],
    ] as const) {
      await page.goto(`${suite.app.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(page, `${name}-${width}`, true);
    }

    await page.goto(`${suite.app.url}/dashboard/user/me`);
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await openUserMenu(page);
    await animationsFinished(page);
    await saveScreenshot(page, `user-menu-${width}`);
    await page.keyboard.press('Escape');

    if (viewport === MOBILE) {
      // The sidebar folds into a menu above the page.
      expect(await page.getByRole('navigation', { name: 'Settings' }).isVisible()).toBe(false);
      await page
        .getByRole('button', { name: /Settings/ })
        .first()
        .click();
      await page.getByRole('navigation', { name: 'Settings' }).waitFor();
      await animationsFinished(page);
      await saveScreenshot(page, `settings-menu-${width}`);
    }

    await page.getByRole('button', { name: 'Logout' }).last().click();
    await page.getByRole('dialog', { name: 'Logout' }).waitFor();
    await animationsFinished(page);
    await saveScreenshot(page, `logout-dialog-${width}`);
    expect(errors).toEqual([]);
    expect(guest.errors).toEqual([]);
  });
});
