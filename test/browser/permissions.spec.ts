import type { BrowserContext, Page } from 'playwright-core';

import { expectToast, linkFromOutbox, logInThroughForm, newCredentials, registerInContext, waitForPath, openTrackedPage } from './support/accounts.js';
import { documentScrollWidth, saveScreenshot } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// Administration in Chromium against the built server, started with ADMIN_EMAIL and
// ADMIN_PASSWORD so that its first start creates the super-admin: the Permission Manager
// changes what a kyc user may do on their very next request, a stale save is refused
// with 409, and an admin created through Create User sets a password from the e-mailed
// link and signs in.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };
const SUPER_ADMIN = { email: 'root@example.com', password: 'super-secret-pass-1' };
const KYC_READ_ORGANIZATIONS = 'KYC: read organizations';

const contexts: BrowserContext[] = [];

const open = (viewport = DESKTOP) => openTrackedPage(suite.browser, contexts, viewport);

async function openAsSuperAdmin(viewport = DESKTOP) {
  const opened = await open(viewport);
  await logInThroughForm(opened.page, suite.app.url, SUPER_ADMIN.email, SUPER_ADMIN.password);
  return opened;
}

/** A fetch made by the page itself, with its session cookie: what the app's next call would get. */
function statusOf(page: Page, path: string): Promise<number> {
  return page.evaluate<number>(`fetch(${JSON.stringify(path)}, { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.status)`);
}

async function openPermissionManager(page: Page): Promise<void> {
  await page.goto(`${suite.app.url}/dashboard/user/me/manage-permission`);
  await page.getByRole('heading', { name: 'Permission Manager', level: 1 }).waitFor();
  await page.getByRole('checkbox', { name: KYC_READ_ORGANIZATIONS, exact: true }).waitFor();
}

async function setBox(page: Page, name: string, checked: boolean): Promise<void> {
  const box = page.getByRole('checkbox', { name, exact: true });
  if ((await box.isChecked()) !== checked) await box.click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Successfully updated the permissions');
  await page.getByText('No unsaved changes').waitFor();
}

const suite = browserSuite({ app: { env: { ADMIN_EMAIL: SUPER_ADMIN.email, ADMIN_PASSWORD: SUPER_ADMIN.password } } });

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

describe('Permission Manager', () => {
  it("unticking kyc 'organizations: read' refuses the kyc user's next request, ticking it back allows it", async () => {
    const kyc = await open();
    await registerInContext(kyc.context, suite.app.url, newCredentials('kyc'));
    const created = await kyc.context.request.post(`${suite.app.url}/api/projects`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { name: 'Acme verification' },
    });
    expect(created.status()).toBe(201);
    await kyc.page.goto(`${suite.app.url}/dashboard/select`);
    await kyc.page.getByText('Acme verification').first().waitFor();
    expect(await statusOf(kyc.page, '/api/projects')).toBe(200);

    const admin = await openAsSuperAdmin();
    // Reach it the way a person does: user menu → Settings → Administration.
    await admin.page.getByRole('button', { name: /^Account menu for / }).click();
    await admin.page.getByRole('menuitem', { name: 'Settings' }).click();
    await admin.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Permission Manager' }).click();
    await waitForPath(admin.page, '/dashboard/user/me/manage-permission');
    const box = admin.page.getByRole('checkbox', { name: KYC_READ_ORGANIZATIONS, exact: true });
    expect(await box.isChecked()).toBe(true);
    await saveScreenshot(admin.page, 'permission-manager-1280');

    await box.click();
    await admin.page.getByText('1 unsaved change').waitFor();
    // Toggling alone changes nothing on the server.
    expect(await statusOf(kyc.page, '/api/projects')).toBe(200);
    await admin.page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(admin.page, 'Successfully updated the permissions');

    expect(await statusOf(kyc.page, '/api/projects')).toBe(403);
    await kyc.page.reload();
    await kyc.page.waitForLoadState('networkidle');
    expect(await kyc.page.getByText('Acme verification').count()).toBe(0);
    await saveScreenshot(kyc.page, 'select-without-organizations-read-1280');

    await setBox(admin.page, KYC_READ_ORGANIZATIONS, true);
    expect(await statusOf(kyc.page, '/api/projects')).toBe(200);
    expect(admin.errors).toEqual([]);
  });

  it("answers a stale save with the server's 409 message and reloads on request", async () => {
    const first = await openAsSuperAdmin();
    const second = await openAsSuperAdmin();
    await openPermissionManager(first.page);
    await openPermissionManager(second.page);

    await setBox(first.page, 'Admin: delete organizations', true);

    await second.page.getByRole('checkbox', { name: 'KYC: create organizations', exact: true }).click();
    await second.page.getByRole('button', { name: 'Save changes' }).click();
    await second.page.getByText('The permissions changed meanwhile').waitFor();
    await saveScreenshot(second.page, 'permission-manager-conflict-1280');

    await second.page.getByRole('button', { name: 'Reload permissions' }).click();
    await second.page.getByText('No unsaved changes').waitFor();
    expect(await second.page.getByRole('checkbox', { name: 'Admin: delete organizations', exact: true }).isChecked()).toBe(true);
    expect(await second.page.getByRole('checkbox', { name: 'KYC: create organizations', exact: true }).isChecked()).toBe(true);

    await setBox(second.page, 'Admin: delete organizations', false);
  });

  it('fits a phone at 375 px', async () => {
    const { page, errors } = await openAsSuperAdmin(MOBILE);
    await openPermissionManager(page);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'permission-manager-375');
    expect(errors).toEqual([]);
  });
});

describe('Create User', () => {
  it('creates an admin who sets a password from the e-mailed link and signs in', async () => {
    const { page, errors } = await openAsSuperAdmin();
    await page.goto(`${suite.app.url}/dashboard/user/me`);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Create User' }).click();
    await waitForPath(page, '/dashboard/user/me/create');
    await saveScreenshot(page, 'create-user-1280');

    const invited = newCredentials('ops');
    await page.getByLabel('Username').fill(invited.username);
    await page.getByLabel('E-mail').fill(invited.email);
    await page.getByRole('button', { name: 'Create admin' }).click();
    await expectToast(page, 'Successfully created admin user');
    await page.getByText(`${invited.username} was created`).waitFor();

    const link = await linkFromOutbox(suite.app, invited.email, '/password-reset');
    const newcomer = await open();
    await newcomer.page.goto(`${suite.app.url}${link}`);
    await newcomer.page.getByLabel('New password', { exact: true }).fill('admin-pass-7');
    await newcomer.page.getByLabel('Confirm new password').fill('admin-pass-7');
    await newcomer.page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(newcomer.page, 'Your password have been changed, you can login now');
    await waitForPath(newcomer.page, '/login');

    await logInThroughForm(newcomer.page, suite.app.url, invited.username, 'admin-pass-7');
    await newcomer.page.goto(`${suite.app.url}/dashboard/user/me`);
    await newcomer.page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    expect(await newcomer.page.getByRole('region', { name: 'Account details' }).textContent()).toContain('Admin');
    // Administration is for super-admins only.
    const nav = newcomer.page.getByRole('navigation', { name: 'Settings' });
    expect(await nav.getByRole('link', { name: 'Permission Manager' }).count()).toBe(0);
    await newcomer.page.goto(`${suite.app.url}/dashboard/user/me/manage-permission`);
    await newcomer.page.getByRole('heading', { name: 'Unauthorized!' }).waitFor();
    await saveScreenshot(newcomer.page, 'manage-permission-unauthorized-1280');
    expect(errors).toEqual([]);
  });
});
