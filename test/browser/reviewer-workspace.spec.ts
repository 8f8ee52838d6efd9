import type { BrowserContext, Locator, Page } from 'playwright-core';

import { newContext, saveScreenshot } from './support/browser.js';
import { DESKTOP, heading, Integrator, MOBILE, integratorSuite, submitThroughApi } from './support/kyc.js';

// Issue 18's reviewer at work, by keyboard alone: the queue filtered to "flagged,
// unassigned", three applicants worked from their details pages (assign, approve & next,
// reject with a label & next, request resubmission of the selfie), the end user's pages
// telling them what happened; a second reviewer sees who holds the applicant.

const UNDO_SECONDS = 2;
const APPLICANTS = ['work-a', 'work-b', 'work-c'];

const setup = integratorSuite({ email: 'lead@acme.example', username: 'acme-lead' }, { DECISION_UNDO_WINDOW_SECONDS: String(UNDO_SECONDS) });
let office: BrowserContext;
const links: Record<string, string> = {};

beforeAll(async () => {
  for (const userId of APPLICANTS) links[userId] = await submitThroughApi(setup, userId);
  // The reviewer ticked "Don't ask me again" once: a flagged applicant still asks (below).
  await setup.integrator.call('PUT', '/api/users/me/reviewer-preferences', { approveWithoutConfirmation: true });
  office = await newContext(setup.browser, { viewport: DESKTOP });
  await setup.integrator.signIn(office);
}, 240_000);

afterAll(async () => {
  await office?.close();
});

// The root tsconfig has no DOM library: the focus check names only what it reads.
const isFocused = (element: unknown) => element === (element as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement;

/** Presses Tab until `target` has the focus (keyboard only), failing after 80 presses. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate(isFocused).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The details page of `userId` is showing, its decision bar ready. */
async function onApplicant(page: Page, userId: string): Promise<void> {
  await page.waitForURL(new RegExp(`/applicants/${userId}\\?`));
  await page
    .getByRole('button', { name: /^Approve/ })
    .and(page.locator(':enabled'))
    .waitFor();
}

async function assignToMe(page: Page): Promise<void> {
  await page.keyboard.press('m');
  await page.locator('.applicant-work-bar-assignee').getByText('You', { exact: true }).waitFor();
}

test('a reviewer works the flagged, unassigned queue with the keyboard; the end users and a colleague see the outcome', async () => {
  const page = await office.newPage();
  await page.goto(`${setup.app.url}/dashboard/${setup.organizationId}/applicants?flagged=any&assignee=unassigned&orderBy=userId&orderDirection=asc`);
  const rows = page.getByRole('row').filter({ hasText: /work-[abc]/ });
  await rows.nth(2).waitFor();
  expect(await rows.count()).toBe(3);

  // Into the first applicant from the list, by keyboard: the row is focusable and opens on Enter.
  await tabTo(page, rows.first());
  await page.keyboard.press('Enter');
  await onApplicant(page, 'work-a');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.waitFor();
  await saveScreenshot(page, 'workspace-shortcuts-1280');
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'detached' });
  await saveScreenshot(page, 'workspace-details-1280');

  // 1. work-a: assign to me, approve & next. Flagged, it is never approved blind: the dialog
  // names its flagged checks though the reviewer asked not to be asked, asks why, and Enter confirms.
  await assignToMe(page);
  await page.keyboard.press('a');
  const approve = page.getByRole('dialog', { name: 'Approve past flagged checks?' });
  await approve.getByText('Flagged: look before you approve').waitFor();
  await tabTo(page, approve.getByLabel('Override reason (required)'));
  await page.keyboard.type('Document checked by hand against the issuer');
  await tabTo(page, approve.getByRole('button', { name: 'Approve with override' }));
  await page.keyboard.press('Enter');
  await onApplicant(page, 'work-b');

  // 2. work-b: assign to me, reject with the label "Document expired" & next.
  await assignToMe(page);
  await page.keyboard.press('r');
  const reject = page.getByRole('dialog', { name: 'Reject applicant' });
  await reject.waitFor();
  await tabTo(page, reject.getByLabel('Label'));
  await page.keyboard.type('Document expired');
  await reject.getByText('The end user reads:').waitFor();
  await tabTo(page, reject.getByRole('button', { name: 'Reject' }));
  await page.keyboard.press('Enter');
  await onApplicant(page, 'work-c');

  // 3. work-c: assign to me, request resubmission of the selfie.
  await assignToMe(page);
  await page.keyboard.press('s');
  const resubmit = page.getByRole('dialog', { name: 'Request resubmission of one step' });
  await resubmit.waitFor();
  await tabTo(page, resubmit.getByLabel('Step to redo'));
  await page.keyboard.type('Selfie');
  await tabTo(page, resubmit.getByLabel('Label'));
  await page.keyboard.type('Selfie unclear');
  await tabTo(page, resubmit.getByRole('button', { name: 'Request resubmission' }));
  await page.keyboard.press('Enter');
  await resubmit.waitFor({ state: 'detached' });

  const status = async (userId: string) =>
    (
      await setup.integrator.call<{ applicant: { kycStatus: string; reviewAnswer: string | null } }>(
        'GET',
        `/api/projects/${setup.organizationId}/applicants/${userId}`,
      )
    ).applicant;
  expect(await status('work-a')).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'approved' });
  expect(await status('work-b')).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'rejected' });
  expect(await status('work-c')).toMatchObject({ kycStatus: 'pending' });

  // The end users read what happened: the rejection's text once the undo window is over, and the step to redo on a new link.
  const endUserContext = await newContext(setup.browser, { viewport: MOBILE });
  const endUser = await endUserContext.newPage();
  // The undo window ends when the decision goes out: the integrator's webhook says so.
  await setup.receiver.until(
    (received) =>
      received.find((hook) => {
        const event = JSON.parse(hook.body) as { type: string; data: { userId?: string } };
        return event.type === 'applicant.decided' && event.data.userId === 'work-b';
      }),
    'applicant.decided for work-b',
    UNDO_SECONDS * 1000 + 20_000,
  );
  await endUser.goto(links['work-b']);
  await heading(endUser, "We couldn't verify your identity", 15_000);
  expect(await endUser.getByTestId('kyc-decision-message').innerText()).toBe(
    'Your document has expired. Please verify again with a document that is still valid.',
  );
  const { url } = await setup.integrator.call<{ url: string }>(
    'POST',
    '/api/kyc/sessions',
    { organizationId: setup.organizationId, userId: 'work-c' },
    { bearer: setup.apiKey },
  );
  await endUser.goto(url);
  await heading(endUser, 'Take a selfie');
  expect(await endUser.getByRole('alert').innerText()).toContain('Please redo one step: your selfie');
  await saveScreenshot(endUser, 'workspace-end-user-resubmission-375', true);
  await endUserContext.close();

  // A colleague opening work-c sees who holds it, and deciding in their place asks first.
  const colleague = new Integrator(setup.app.url);
  await colleague.call('POST', '/api/auth/register', { email: 'rita@acme.example', username: 'rita', password: 'correct-horse' });
  await setup.integrator.call('POST', `/api/projects/${setup.organizationId}/invitations`, { usernameOrEmail: 'rita' });
  const [invitation] = await colleague.call<{ id: string }[]>('GET', '/api/invitations');
  await colleague.call('POST', `/api/invitations/${invitation.id}/accept`);
  const colleagueContext = await newContext(setup.browser, { viewport: DESKTOP });
  await colleague.signIn(colleagueContext);
  const other = await colleagueContext.newPage();
  await other.goto(`${setup.app.url}/dashboard/${setup.organizationId}/applicants/work-c`);
  const lock = other.locator('.applicant-work-bar-assignee');
  await lock.getByText('acme-lead', { exact: true }).waitFor();
  expect(await lock.innerText()).toMatch(/since/);
  await other.getByRole('button', { name: 'Hold' }).click();
  await other.getByRole('dialog', { name: 'Someone else is reviewing this applicant' }).getByText('acme-lead is assigned to this applicant.').waitFor();
  await saveScreenshot(other, 'workspace-lock-1280');
  await colleagueContext.close();
});
