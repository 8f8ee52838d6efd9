import type { Page } from 'playwright-core';

import { expectToast } from './support/accounts.js';
import { documentScrollWidth, newContext, resizeViewport, saveScreenshot } from './support/browser.js';
import { DESKTOP, heading, Integrator, MOBILE, integratorSuite } from './support/kyc.js';

// Issue 18, oversight and the end of an organization: the owner sees who decided what
// (reviewer statistics, the Activity screen filtered by person), hands the organization
// to a member, deletes a second one by typing its name, and can then delete their account.

const setup = integratorSuite({ email: 'owner@acme.example', username: 'acme-owner' });
let owner: Integrator;
let reviewer: Integrator;
let reviewerId: string;

beforeAll(async () => {
  owner = setup.integrator;
  reviewer = new Integrator(setup.app.url);
  await reviewer.call('POST', '/api/auth/register', { email: 'rita@acme.example', username: 'rita', password: 'correct-horse' });
  reviewerId = (await reviewer.call<{ id: string }>('GET', '/api/users/me')).id;
  await owner.call('POST', `/api/projects/${setup.organizationId}/invitations`, { usernameOrEmail: 'rita' });
  const [invitation] = await reviewer.call<{ id: string }[]>('GET', '/api/invitations');
  await reviewer.call('POST', `/api/invitations/${invitation.id}/accept`);
  // Two applicants (a session link opens each), one approved by the reviewer, one held by the owner.
  for (const userId of ['customer-1', 'customer-2']) {
    await owner.call('POST', '/api/kyc/sessions', { organizationId: setup.organizationId, userId }, { bearer: setup.apiKey });
  }
  await reviewer.call('POST', `/api/projects/${setup.organizationId}/applicants/customer-1/approve`, {});
  await owner.call('POST', `/api/projects/${setup.organizationId}/applicants/customer-2/hold`, {});
}, 120_000);

async function ownerPage(): Promise<Page> {
  const context = await newContext(setup.browser, { viewport: DESKTOP });
  await owner.signIn(context);
  return context.newPage();
}

async function bothSizes(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `${name}-1280`, true);
  await resizeViewport(page, MOBILE);
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  await saveScreenshot(page, `${name}-375`, true);
  await resizeViewport(page, DESKTOP);
}

test('the owner sees each reviewer’s decisions and the whole activity, filtered by person', async () => {
  const page = await ownerPage();
  await page.goto(`${setup.app.url}/dashboard/${setup.organizationId}`);
  const reviewers = page.getByRole('table', { name: 'Decisions per reviewer in the last 30 days' });
  await reviewers.getByRole('cell', { name: 'rita' }).waitFor();
  expect(await reviewers.getByRole('row').allInnerTexts()).toEqual([
    expect.stringMatching(/Reviewer\s+Decisions/i),
    expect.stringMatching(/^acme-owner\s+1\s+0\s+0\s+1\s+—$/),
    expect.stringMatching(/^rita\s+1\s+1\s+0\s+0\s+—$/),
  ]);
  await bothSizes(page, 'organization-home-reviewers');

  await page.getByRole('link', { name: 'Activity' }).click();
  await heading(page, 'Activity');
  await page.getByRole('table', { name: 'Activity entries' }).getByText('Put on hold').waitFor();
  await page.getByLabel('Person').selectOption({ label: 'rita' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(new RegExp(`actorId=${reviewerId}`));
  const entries = page.getByRole('table', { name: 'Activity entries' });
  // The unfiltered page stays on screen until the filtered one arrives: wait for the other person's entry to go.
  await entries.getByText('Put on hold').waitFor({ state: 'detached' });
  await entries.getByText('Approved').waitFor();
  expect(await entries.getByRole('link', { name: 'customer-1' }).getAttribute('href')).toBe(`/dashboard/${setup.organizationId}/applicants/customer-1`);
  await bothSizes(page, 'organization-activity');

  // A member has no Activity link, and the address alone shows why not.
  const context = await newContext(setup.browser, { viewport: DESKTOP });
  await reviewer.signIn(context);
  const memberPage = await context.newPage();
  await memberPage.goto(`${setup.app.url}/dashboard/${setup.organizationId}/activity`);
  await memberPage.getByText('Only the owner of this organization (or a super-admin) sees its activity.').waitFor();
  expect(await memberPage.getByRole('link', { name: 'Activity' }).count()).toBe(0);
  await context.close();
  await page.context().close();
});

test('an unknown organization lands on the picker with a message', async () => {
  const page = await ownerPage();
  await page.goto(`${setup.app.url}/dashboard/00000000-0000-4000-8000-000000000000/applicants`);
  await page.waitForURL(/\/dashboard\/select$/);
  await page.getByText(/That organization does not exist, or you are not one of its members/).waitFor();
  await saveScreenshot(page, 'organization-unknown-1280');
  await page.context().close();
});

test('the owner deletes one organization by its name, hands the other to a member, then may delete the account', async () => {
  const oldId = (await owner.call<{ id: string }>('POST', '/api/projects', { name: 'Old Branch' })).id;
  const page = await ownerPage();
  await page.goto(`${setup.app.url}/dashboard/${oldId}/settings`);
  await heading(page, 'Organization settings');
  const remove = page.getByRole('button', { name: 'Delete this organization' });
  await page.getByLabel(/Type Old Branch to confirm/).fill('old branch');
  expect(await remove.isDisabled()).toBe(true);
  await page.getByLabel(/Type Old Branch to confirm/).fill('Old Branch');
  await bothSizes(page, 'organization-settings');
  await remove.click();
  await page.waitForURL(/\/dashboard\/select$/);
  await expectToast(page, 'Deleted Old Branch');
  expect(await page.getByRole('link', { name: /Old Branch/ }).count()).toBe(0);

  await page.goto(`${setup.app.url}/dashboard/${setup.organizationId}/settings`);
  await page.getByLabel('New owner').selectOption({ label: 'rita (rita@acme.example)' });
  await page.getByRole('button', { name: 'Transfer ownership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make rita the owner?' });
  await dialog.waitFor();
  await saveScreenshot(page, 'organization-transfer-dialog-1280');
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expectToast(page, 'rita now owns this organization');
  await page.getByText('Only the owner of this organization (rita) can transfer or delete it.').waitFor();

  await page.goto(`${setup.app.url}/dashboard/user/me/delete`);
  await heading(page, 'Delete account');
  expect(await page.getByText('You still own an organization').count()).toBe(0);
  await page.context().close();
});
