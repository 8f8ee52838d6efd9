import type { BrowserContext, Page } from 'playwright-core';

import { documentScrollWidth, newContext, resizeViewport, saveElementScreenshot, saveScreenshot, waitForPageCondition } from './support/browser.js';
import { DESKTOP, eventTypes, heading, Integrator, MOBILE, integratorSuite, submitThroughApi, takeSelfies, watchKycPage } from './support/kyc.js';
import type { ReceivedWebhook } from '../support/webhook-receiver.js';

// A reviewer's structured decisions in Chromium against the built server: a rejection with
// a label (the end user reads its text), a resubmission of the selfie (the end user is asked
// for the selfie only, the integrator hears of it), an approval undone within the window (its
// webhook never leaves), and the four-eyes rule with two staff accounts.

/** A short undo window keeps the suite quick; the default is 30 s (UNDO_WINDOW_MS). */
const UNDO_SECONDS = 10;

interface Delivery {
  type: string;
  data: { userId: string; label?: { code: string; title: string }; resubmission?: { step: string } };
}

const deliveries = (received: ReceivedWebhook[]) => received.map((delivery) => JSON.parse(delivery.body) as Delivery);
const deliveredFor = (received: ReceivedWebhook[], userId: string, type: string) =>
  deliveries(received).find((delivery) => delivery.type === type && delivery.data.userId === userId);

/** Saves the page (or its dialog) at desktop and phone size as decisions-<name>-1280/-375.png, then back to desktop. */
async function bothSizes(page: Page, name: string): Promise<void> {
  await resizeViewport(page, DESKTOP);
  await saveScreenshot(page, `decisions-${name}-1280`);
  await resizeViewport(page, MOBILE);
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  await saveScreenshot(page, `decisions-${name}-375`);
  await resizeViewport(page, DESKTOP);
}

const setup = integratorSuite({ email: 'reviewer@acme.example', username: 'acme-reviewer' }, { DECISION_UNDO_WINDOW_SECONDS: String(UNDO_SECONDS) });
let office: BrowserContext;
const contexts: BrowserContext[] = [];

const submitted = (userId: string) => submitThroughApi(setup, userId);

/** The reviewer's page of the applicant, once the decision bar is ready: Approve enabled, or (`pending`) a proposal shown. */
async function openApplicant(context: BrowserContext, userId: string, ready: 'approve' | 'pending' = 'approve'): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  await page.goto(`${setup.app.url}/dashboard/${setup.organizationId}/applicants/${userId}`);
  await page.getByRole('region', { name: 'Decision' }).waitFor();
  if (ready === 'approve') await page.getByRole('button', { name: 'Approve' }).and(page.locator(':enabled')).waitFor();
  else await page.getByRole('region', { name: 'Awaiting second review' }).waitFor();
  return page;
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.toast-region').getByText(text, { exact: true }).waitFor();
}

const problems: string[] = [];

beforeAll(async () => {
  office = await newContext(setup.browser, { viewport: DESKTOP });
  contexts.push(office);
  await setup.integrator.signIn(office);
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('structured decisions', () => {
  it('rejects with a label: the integrator gets its code, the end user reads its text', async () => {
    const link = await submitted('labelled-1');
    const page = await openApplicant(office, 'labelled-1');
    await bothSizes(page, 'bar');

    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject applicant' });
    await dialog.getByLabel('Label').selectOption({ label: 'Document expired' });
    await dialog.getByText('The end user reads:').waitFor();
    await dialog.getByLabel('Internal note (optional)').fill('Expired in March; checked with the issuer.');
    await bothSizes(page, 'reject-dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await toast(page, 'Applicant rejected');
    const banner = page.getByRole('status').filter({ hasText: 'chose to reject' });
    await banner.getByRole('button', { name: 'Undo' }).waitFor();
    await bothSizes(page, 'undo-banner');
    // The note is on the page, for the team.
    await page.getByRole('region', { name: 'Internal notes' }).getByText('Expired in March; checked with the issuer.').waitFor();

    const decided = await setup.receiver.until(
      (received) => deliveredFor(received, 'labelled-1', 'applicant.decided'),
      'the labelled rejection',
      (UNDO_SECONDS + 15) * 1000,
    );
    expect(decided.data.label).toEqual({ code: 'DOCUMENT_EXPIRED', title: 'Document expired' });
    expect(JSON.stringify(deliveries(setup.receiver.received))).not.toContain('checked with the issuer');

    const endUserContext = await newContext(setup.browser, { viewport: MOBILE });
    contexts.push(endUserContext);
    const endUser = await endUserContext.newPage();
    const endUserProblems = watchKycPage(endUser, setup.app.url);
    await endUser.goto(link);
    await heading(endUser, "We couldn't verify your identity");
    expect(await endUser.getByTestId('kyc-decision-message').innerText()).toBe(
      'Your document has expired. Please verify again with a document that is still valid.',
    );
    await saveScreenshot(endUser, 'decisions-end-user-rejected-375', true);
    expect(endUserProblems).toEqual([]);
  }, 150_000);

  it('requests resubmission of the selfie, then of one detail: the end user redoes only that, the case shows the attempts and what changed', async () => {
    await submitted('resubmit-1');
    const page = await openApplicant(office, 'resubmit-1');
    await page.getByRole('button', { name: 'Request resubmission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request resubmission of one step' });
    await dialog.getByLabel('Step to redo').selectOption({ label: 'Selfie' });
    await dialog.getByLabel('Label').selectOption({ label: 'Selfie unclear' });
    await dialog.getByLabel('Internal note (optional)').fill('Face in shadow on the first selfie.');
    await bothSizes(page, 'resubmission-dialog');
    await dialog.getByRole('button', { name: 'Request resubmission' }).click();
    await toast(page, 'Resubmission requested');

    const requested = await setup.receiver.until(
      (received) => deliveredFor(received, 'resubmit-1', 'applicant.resubmission_requested'),
      'the resubmission webhook',
      (UNDO_SECONDS + 15) * 1000,
    );
    expect(requested.data).toMatchObject({ resubmission: { step: 'selfie' }, label: { code: 'SELFIE_UNCLEAR' } });

    // The integrator's server makes a new link (the old ones stopped working).
    const { url } = await setup.integrator.call<{ url: string }>(
      'POST',
      '/api/kyc/sessions',
      { organizationId: setup.organizationId, userId: 'resubmit-1' },
      { bearer: setup.apiKey },
    );
    const endUserContext = await newContext(setup.browser, { viewport: MOBILE });
    contexts.push(endUserContext);
    const endUser = await endUserContext.newPage();
    const endUserProblems = watchKycPage(endUser, setup.app.url);
    await endUser.goto(url);
    await heading(endUser, 'Take a selfie');
    const alert = endUser.getByRole('alert');
    expect(await alert.innerText()).toContain('Please redo one step: your selfie');
    expect(await alert.innerText()).toContain('We could not see your face clearly.');
    const progress = endUser.getByRole('navigation', { name: 'Verification progress' });
    expect(await progress.innerText()).toContain('Step 1 of 2');
    await saveScreenshot(endUser, 'decisions-end-user-resubmission-375', true);
    await resizeViewport(endUser, DESKTOP);
    await saveScreenshot(endUser, 'decisions-end-user-resubmission-1280', true);
    await resizeViewport(endUser, MOBILE);
    await takeSelfies(endUser);
    await heading(endUser, 'Review and submit');
    await endUser.getByRole('button', { name: 'Submit verification' }).click();
    await heading(endUser, "We're checking your documents…");
    await setup.receiver.until(
      (received) =>
        deliveries(received).filter((delivery) => delivery.type === 'applicant.submitted' && delivery.data.userId === 'resubmit-1').length === 2
          ? true
          : undefined,
      'the second submission',
      15_000,
    );
    expect(endUserProblems).toEqual([]);

    // The reviewer sees the attempts: the request that opened the second, and its selfies before and after.
    await page.reload();
    const attempts = page.getByRole('region', { name: 'Attempts' });
    await attempts.getByRole('img', { name: 'Selfie before attempt 2' }).waitFor();
    expect(await attempts.getByRole('img').count()).toBe(4);
    expect(await attempts.innerText()).toContain('acme-reviewer asked to redo: Selfie (SELFIE_UNCLEAR)');
    await waitForPageCondition(
      page,
      "[...document.querySelectorAll('#earlier-attempts img')].every((image) => image.complete && image.naturalWidth > 0)",
      "the attempts' photos",
    );
    await saveElementScreenshot(attempts, 'decisions-earlier-attempts-1280');
    await saveElementScreenshot(page.getByRole('region', { name: 'Internal notes' }), 'decisions-notes-1280');
    await resizeViewport(page, MOBILE);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveElementScreenshot(attempts, 'decisions-earlier-attempts-375');
    await resizeViewport(page, DESKTOP);

    // Then the personal details, naming the one to correct: the end user's form comes back filled in, that field marked.
    await page.getByRole('button', { name: 'Request resubmission' }).click();
    const again = page.getByRole('dialog', { name: 'Request resubmission of one step' });
    await again.getByLabel('Step to redo').selectOption({ label: 'Personal data' });
    await again
      .getByRole('group', { name: /Fields to correct/ })
      .getByRole('checkbox', { name: 'Name' })
      .check();
    await again.getByLabel('Label').selectOption({ label: 'Details need correcting' });
    await bothSizes(page, 'resubmission-fields-dialog');
    await again.getByRole('button', { name: 'Request resubmission' }).click();
    await toast(page, 'Resubmission requested');
    const link = await setup.integrator.call<{ url: string }>(
      'POST',
      '/api/kyc/sessions',
      { organizationId: setup.organizationId, userId: 'resubmit-1' },
      { bearer: setup.apiKey },
    );
    await endUser.goto(link.url);
    await heading(endUser, 'Your personal details');
    expect(await endUser.getByRole('alert').innerText()).toContain('Please correct: Full name.');
    const name = endUser.getByLabel(/^Full name/);
    expect(await name.inputValue()).toBe('Ana Souza');
    await endUser.getByText('Please check and correct this.').waitFor();
    await saveScreenshot(endUser, 'decisions-end-user-correct-fields-375', true);
    await name.fill('Ana Maria Souza');
    await endUser.getByRole('button', { name: 'Continue' }).click();
    await heading(endUser, 'Review and submit');
    await endUser.getByRole('button', { name: 'Submit verification' }).click();
    await heading(endUser, "We're checking your documents…");
    expect(endUserProblems).toEqual([]);

    await page.reload();
    const third = page.getByRole('region', { name: 'Attempts' }).getByRole('listitem').first();
    await third.getByRole('heading', { name: 'Attempt 3' }).waitFor();
    const changed = third.getByRole('table', { name: 'Data changed in attempt 3' });
    expect(await changed.getByRole('row', { name: /Name/ }).innerText()).toMatch(/Ana Souza\s+Ana Maria Souza/);
    await saveElementScreenshot(page.getByRole('region', { name: 'Attempts' }), 'decisions-attempts-diff-1280');
  }, 90_000);

  it('undoes an approval within the window: its webhook is never delivered', async () => {
    await submitted('undo-1');
    await submitted('sentinel-1');
    const page = await openApplicant(office, 'undo-1');
    await page.getByRole('button', { name: 'Approve' }).click();
    // Its pretend photos are flagged: the approval names them and asks why.
    const dialog = page.getByRole('dialog', { name: 'Approve past flagged checks?' });
    expect(await dialog.innerText()).toContain('applicant.decided');
    await dialog.getByLabel('Override reason (required)').fill('Document checked by hand');
    await bothSizes(page, 'approve-dialog');
    await dialog.getByRole('button', { name: 'Approve with override' }).click();
    await toast(page, 'Applicant approved');
    await page.getByRole('status').filter({ hasText: 'chose to approve' }).getByRole('button', { name: 'Undo' }).click();
    await toast(page, 'Decision undone');
    await page.getByRole('button', { name: 'Approve' }).and(page.locator(':enabled')).waitFor();

    // A later decision's webhook comes after the undone one's would have: it never left.
    await setup.integrator.call('POST', `/api/projects/${setup.organizationId}/applicants/sentinel-1/approve`, { overrideReason: 'Checked by hand' });
    await setup.receiver.until((received) => deliveredFor(received, 'sentinel-1', 'applicant.decided'), 'the later approval', (UNDO_SECONDS + 15) * 1000);
    expect(deliveredFor(setup.receiver.received, 'undo-1', 'applicant.decided')).toBeUndefined();
    expect(eventTypes(setup.receiver.received).filter((type) => type === 'applicant.decided').length).toBeGreaterThan(0);
  }, 90_000);

  it('four-eyes: a second member confirms a rejection the first one proposed', async () => {
    const { integrator, organizationId, app } = setup;
    const colleague = new Integrator(app.url);
    await colleague.call('POST', '/api/auth/register', { email: 'second@acme.example', username: 'second-reviewer', password: 'correct-horse' });
    const invitation = await integrator.call<{ id: string }>('POST', `/api/projects/${organizationId}/invitations`, { usernameOrEmail: 'second-reviewer' });
    await colleague.call('POST', `/api/invitations/${invitation.id}/accept`);
    await integrator.call('PUT', `/api/projects/${organizationId}/review-settings`, { fourEyes: 'rejections' });
    await submitted('four-eyes-1');

    const secondContext = await newContext(setup.browser, { viewport: DESKTOP });
    contexts.push(secondContext);
    await colleague.signIn(secondContext);
    const proposer = await openApplicant(secondContext, 'four-eyes-1');
    await proposer.getByRole('button', { name: 'Reject' }).click();
    const dialog = proposer.getByRole('dialog', { name: 'Reject applicant' });
    await dialog.getByLabel('Label').selectOption({ label: 'Suspected fraud' });
    await dialog.getByLabel('Internal note (optional)').fill('The fonts do not match the issuer’s.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await toast(proposer, 'Sent for a second review');
    const mine = proposer.getByRole('region', { name: 'Awaiting second review' });
    await mine.getByText('Another member confirms or declines it.').waitFor();
    expect(await mine.getByRole('button', { name: 'Confirm' }).count()).toBe(0);

    const confirmer = await openApplicant(office, 'four-eyes-1', 'pending');
    const pending = confirmer.getByRole('region', { name: 'Awaiting second review' });
    await pending.getByText('second-reviewer proposed to reject — Suspected fraud.').waitFor();
    await bothSizes(confirmer, 'four-eyes-pending');
    await pending.getByRole('button', { name: 'Confirm' }).click();
    await toast(confirmer, 'Decision confirmed');
    await confirmer.getByRole('table', { name: 'Summary' }).getByText('Rejected').waitFor();
    await integrator.call('PUT', `/api/projects/${organizationId}/review-settings`, { fourEyes: 'off' });
  }, 90_000);

  it('shows the review settings page at both sizes', async () => {
    const page = await office.newPage();
    await page.goto(`${setup.app.url}/dashboard/${setup.organizationId}/review-settings`);
    await page.getByRole('heading', { name: 'Decision labels' }).waitFor();
    await page.getByRole('link', { name: 'Review settings' }).waitFor();
    await resizeViewport(page, DESKTOP);
    await saveScreenshot(page, 'decisions-review-settings-1280', true);
    await resizeViewport(page, MOBILE);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'decisions-review-settings-375', true);
    expect(problems).toEqual([]);
  });
});
