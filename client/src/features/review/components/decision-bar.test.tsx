import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockApi, type ApiHandlers } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildApplicantDetails, ORGANIZATION_ID } from '../../../testing/applicant-factory';
import { buildReviewState, LABELS } from '../testing/decision-factory';
import { DecisionBar } from './decision-bar';

const applicant = buildApplicantDetails({ applicant: { version: 4, kycStatus: 'queued', documentType: 'PASSPORT' } }).applicant;
const RESULT = { applicant: { ...applicant, version: 5 }, decision: null, pendingDecision: null };

function serve(extra: ApiHandlers = {}, review = buildReviewState()) {
  return mockApi({
    usersMe: { body: buildUser() },
    applicantDecisionsReview: { body: review },
    reviewSettingsListLabels: { body: LABELS },
    ...extra,
  });
}

function renderBar() {
  return renderPage(<DecisionBar organizationId={ORGANIZATION_ID} applicant={applicant} />, '/bar', '/bar');
}

async function openDialog(name: string, title: string) {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name }));
  return { user, dialog: screen.getByRole('dialog', { name: title }) };
}

describe('DecisionBar', () => {
  it('approves a clean applicant in one click when the decision can be undone: the undo banner is the confirmation', async () => {
    const api = serve({ applicantsApprove: { body: RESULT } });
    renderBar();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('applicantsApprove').map((call) => call.body)).toEqual([{ version: 4 }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Applicant approved')).toBeInTheDocument();
  });

  it('asks before approving when it cannot be undone, says what happens, and keeps "don\'t ask again" on the server', async () => {
    const api = serve(
      { applicantsApprove: { body: RESULT }, reviewerPreferencesSave: { body: { approveWithoutConfirmation: true } } },
      buildReviewState({ undoWindowSeconds: 0 }),
    );
    renderBar();
    const { user, dialog } = await openDialog('Approve', 'Approve applicant?');
    expect(dialog).toHaveTextContent('applicant.decided');
    expect(dialog).not.toHaveTextContent('undo it within');
    await user.click(within(dialog).getByRole('checkbox', { name: "Don't ask me again" }));
    await user.type(within(dialog).getByLabelText('Internal note (optional)'), 'Looks fine');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('applicantsApprove').map((call) => call.body)).toEqual([{ version: 4, note: 'Looks fine' }]));
    expect(api.callsTo('reviewerPreferencesSave').map((call) => call.body)).toEqual([{ approveWithoutConfirmation: true }]);
    expect(await screen.findByText('Applicant approved')).toBeInTheDocument();
  });

  it('closes the approve dialog on Escape without deciding', async () => {
    const api = serve({}, buildReviewState({ undoWindowSeconds: 0 }));
    renderBar();
    const { user } = await openDialog('Approve', 'Approve applicant?');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('applicantsApprove')).toHaveLength(0);
  });

  it('rejects with a label (archived ones are not offered) and shows what the end user will read', async () => {
    const api = serve({ applicantsReject: { body: RESULT } });
    renderBar();
    const { user, dialog } = await openDialog('Reject', 'Reject applicant');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    const select = within(dialog).getByLabelText('Label');
    expect(within(select).queryByRole('option', { name: 'Old reason' })).not.toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: 'Additional check needed' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'Document expired');
    expect(dialog).toHaveTextContent('The end user reads: “Your document has expired.”');
    expect(dialog).toHaveTextContent('DOCUMENT_EXPIRED');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('applicantsReject').map((call) => call.body)).toEqual([{ version: 4, labelId: 'label-expired' }]));
  });

  it('requests resubmission of one step (a passport has no back side)', async () => {
    const api = serve({ applicantDecisionsRequestResubmission: { body: RESULT } });
    renderBar();
    const { user, dialog } = await openDialog('Request resubmission', 'Request resubmission of one step');
    const steps = within(dialog).getByLabelText('Step to redo');
    expect(within(steps).queryByRole('option', { name: 'Document back' })).not.toBeInTheDocument();
    await user.selectOptions(steps, 'Selfie');
    await user.selectOptions(within(dialog).getByLabelText('Label'), 'Selfie unclear');
    await user.type(within(dialog).getByLabelText('Internal note (optional)'), 'Face in shadow');
    await user.click(within(dialog).getByRole('button', { name: 'Request resubmission' }));
    await waitFor(() =>
      expect(api.callsTo('applicantDecisionsRequestResubmission').map((call) => call.body)).toEqual([
        { version: 4, step: 'selfie', labelId: 'label-selfie', note: 'Face in shadow' },
      ]),
    );
    expect(await screen.findByText('Resubmission requested')).toBeInTheDocument();
  });

  it("asks a personal-data resubmission for the fields to correct, and sends them in the form's order", async () => {
    const api = serve({ applicantDecisionsRequestResubmission: { body: RESULT } });
    renderBar();
    const { user, dialog } = await openDialog('Request resubmission', 'Request resubmission of one step');
    expect(within(dialog).queryByRole('group', { name: /Fields to correct/ })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Step to redo'), 'Personal data');
    const fields = within(dialog).getByRole('group', { name: /Fields to correct/ });
    await user.click(within(fields).getByRole('checkbox', { name: 'Date of Birth' }));
    await user.click(within(fields).getByRole('checkbox', { name: 'Name' }));
    await user.selectOptions(within(dialog).getByLabelText('Label'), 'Selfie unclear');
    await user.click(within(dialog).getByRole('button', { name: 'Request resubmission' }));
    await waitFor(() =>
      expect(api.callsTo('applicantDecisionsRequestResubmission').map((call) => call.body)).toEqual([
        { version: 4, step: 'personal-data', labelId: 'label-selfie', fields: ['name', 'dateOfBirth'] },
      ]),
    );
  });

  it('offers Undo with the seconds left, and undoes', async () => {
    const until = new Date(Date.now() + 20_500).toISOString();
    const undoable = {
      id: 'decision-1',
      kind: 'approve' as const,
      decidedBy: 'reviewer',
      decidedAt: new Date().toISOString(),
      undoableUntil: until,
      canUndo: true,
    };
    const api = serve({ applicantDecisionsUndo: { body: RESULT } }, buildReviewState({ undoableDecision: undoable }));
    renderBar();
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(/reviewer chose to approve\. Nothing is sent for 2[01] s/);
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.callsTo('applicantDecisionsUndo').map((call) => call.path.decisionId)).toEqual(['decision-1']));
    expect(await screen.findByText('Decision undone')).toBeInTheDocument();
  });

  it('four-eyes: shows who proposed what; others confirm or decline, the proposer cannot', async () => {
    const pending = {
      id: 'proposal-1',
      kind: 'reject' as const,
      label: { code: 'SUSPECTED_FRAUD', title: 'Suspected fraud' },
      reason: 'Suspected fraud',
      note: 'Font mismatch',
      proposedBy: 'alice',
      proposedByMe: false,
      proposedAt: new Date().toISOString(),
    };
    const api = serve({ applicantDecisionsConfirm: { body: RESULT } }, buildReviewState({ fourEyes: 'rejections', pendingDecision: pending }));
    const view = renderBar();
    const region = await screen.findByRole('region', { name: 'Awaiting second review' });
    expect(region).toHaveTextContent('alice proposed to reject — Suspected fraud.');
    expect(region).toHaveTextContent('Note: Font mismatch');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('applicantDecisionsConfirm').map((call) => call.path.proposalId)).toEqual(['proposal-1']));
    view.unmount();

    serve({}, buildReviewState({ fourEyes: 'rejections', pendingDecision: { ...pending, proposedByMe: true } }));
    renderBar();
    const mine = await screen.findByRole('region', { name: 'Awaiting second review' });
    expect(within(mine).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(mine).toHaveTextContent('Another member confirms or declines it.');
  });
});
