import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicantCheckDto, ApplicantDetailsDto } from '../../api/generated/types.gen';
import { buildReviewState, LABELS } from '../../features/review/testing/decision-factory';
import { apiError, mockApi, type ApiHandlers } from '../../testing/mock-api';
import { renderPage } from '../../testing/render-page';
import { buildUser } from '../../testing/users';
import { buildOrganizationDetails } from '../../testing/organization-id';
import { paths } from '../../config/paths';
import { buildApplicantDetails, ORGANIZATION_ID } from '../../testing/applicant-factory';
import { ApplicantDetailsPage } from './applicant-details';

const ROUTE = '/dashboard/:organizationId/applicants/:userId';
const PAGE_PATH = `/dashboard/${ORGANIZATION_ID}/applicants/user-0001`;
const EMPTY_ACTIVITY = {
  items: [],
  meta: { page: 1, pageLength: 0, totalPages: 0, hasPreviousPage: false, hasNextPage: false },
};

/** What the decision bar and the notes panel read: approve without the confirmation (its dialog is tested with the bar). */
const DECISION_READS: ApiHandlers = {
  applicantDecisionsReview: { body: buildReviewState({ approveWithoutConfirmation: true }) },
  reviewSettingsListLabels: { body: LABELS },
  applicantNotesList: { body: [] },
};
const NOT_PENDING = { decision: null, pendingDecision: null };

/** Serves user-0001 of the organization (`details`), an empty activity and any `extra` answers. */
function check(fields: Pick<ApplicantCheckDto, 'name' | 'verdict' | 'detail'> & Partial<ApplicantCheckDto>): ApplicantCheckDto {
  return { passed: fields.verdict === 'passed', score: null, evidence: null, createdAt: '2026-11-01T10:00:01.000Z', ...fields };
}

function serve(details: ApplicantDetailsDto | undefined, extra: ApiHandlers = {}) {
  const isTheApplicant = (path: { id: string; userId: string }) => path.id === ORGANIZATION_ID && path.userId === 'user-0001';
  return mockApi({
    usersMe: { body: buildUser() },
    applicantsDetails: ({ path }) => (details && isTheApplicant(path) ? { body: details } : undefined),
    applicantsActivity: ({ path }) => (isTheApplicant(path) ? { body: EMPTY_ACTIVITY } : undefined),
    ...DECISION_READS,
    ...extra,
  });
}

function identityRow(label: string): HTMLElement {
  const table = screen.getByRole('table', { name: 'Identity' });
  return within(table).getByRole('rowheader', { name: label }).closest('tr')!;
}

describe('applicant details', () => {
  it("shows the 14 identity rows with 'not provided' for empty values", async () => {
    serve(buildApplicantDetails({ identity: { placeOfBirth: null, height: '', maritalStatus: null, sex: 'M' } }));
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);

    expect(await screen.findByRole('heading', { name: 'Applicant details' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Identity' });
    expect(within(table).getAllByRole('row')).toHaveLength(14);
    expect(within(identityRow('Place of Birth')).getByText('not provided')).toBeInTheDocument();
    expect(within(identityRow('Height')).getByText('not provided')).toBeInTheDocument();
    expect(within(identityRow('Marital Status')).getByText('not provided')).toBeInTheDocument();
    expect(within(identityRow('Sex')).getByText('Male')).toBeInTheDocument();
    expect(within(identityRow('Name')).getByText('Maria Silva')).toBeInTheDocument();
  });

  it('shows the summary, and the marital status by its label', async () => {
    serve(buildApplicantDetails({ identity: { maritalStatus: 'Viuvo' } }));
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const summary = await screen.findByRole('table', { name: 'Summary' });
    expect(within(summary).getByText('Pending')).toBeInTheDocument();
    expect(within(summary).getByText('Passport')).toBeInTheDocument();
    expect(within(identityRow('Marital Status')).getByText('Viúvo')).toBeInTheDocument();
  });

  it('captions each document image and magnifies it on hover', async () => {
    serve(buildApplicantDetails());
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const image = await screen.findByRole('img', { name: 'Passport, front' });
    expect(image).toHaveAttribute('src', expect.stringContaining('/images/'));
    expect(screen.getByText('Passport, front', { selector: 'figcaption' })).toBeInTheDocument();

    fireEvent.mouseMove(image, { clientX: 20, clientY: 20 });
    const lens = screen.getByTestId('magnifier-lens');
    expect(lens.style.width).toBe('180px');
    fireEvent.mouseLeave(image);
    expect(screen.queryByTestId('magnifier-lens')).not.toBeInTheDocument();
  });

  it("says 'No data' when the applicant does not exist, why, and offers a way back to the list", async () => {
    serve(undefined, { applicantsDetails: apiError(404, 'APPLICANT_NOT_FOUND', 'Applicant not found') });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByRole('heading', { name: 'No data' })).toBeInTheDocument();
    expect(screen.getByText(/the link may be mistyped/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the applicants' })).toHaveAttribute('href', paths.dashboard.applicants(ORGANIZATION_ID));
  });

  it('resets after confirmation with a reason (required) and loads the data again', async () => {
    const user = userEvent.setup();
    const api = serve(buildApplicantDetails({ applicant: { version: 4 } }), {
      applicantsReset: { body: { applicant: buildApplicantDetails({ applicant: { version: 5 } }).applicant } },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Reset applicant' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset applicant' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    expect(reason).toHaveAccessibleDescription('Kept in the activity; 500 characters at most.');
    expect(reason).toHaveAttribute('maxLength', '500');
    // Without a reason (or only spaces) nothing is sent, and the field says why.
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reset applicant' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Say why the applicant is reset: the reason is kept in the activity');
    expect(api.callsTo('applicantsReset')).toHaveLength(0);
    await user.type(reason, ' The end user asked to start again ');
    expect(reason).not.toHaveAttribute('aria-invalid');
    const detailLoads = () => api.callsTo('applicantsDetails').length;
    const before = detailLoads();
    await user.click(within(dialog).getByRole('button', { name: 'Reset applicant' }));
    await waitFor(() => expect(api.callsTo('applicantsReset').map((call) => call.body)).toEqual([{ version: 4, reason: 'The end user asked to start again' }]));
    await waitFor(() => expect(detailLoads()).toBeGreaterThan(before));
    expect(await screen.findByText('Applicant reset')).toBeInTheDocument();
  });

  it('approves at once and shows the decision without reading the details again', async () => {
    const user = userEvent.setup();
    const api = serve(buildApplicantDetails({ applicant: { version: 7 } }), {
      applicantsApprove: {
        body: {
          applicant: buildApplicantDetails({
            applicant: { kycStatus: 'completed', reviewAnswer: 'approved', decidedAt: '2026-11-20T10:00:00.000Z', version: 8 },
          }).applicant,
          ...NOT_PENDING,
        },
      },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const summary = screen.getByRole('table', { name: 'Summary' });
    expect(await within(summary).findByText('Approved')).toBeInTheDocument();
    expect(within(summary).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(await screen.findByText('Applicant approved')).toBeInTheDocument();
    expect(api.callsTo('applicantsApprove').map((call) => [call.path, call.body])).toEqual([[{ id: ORGANIZATION_ID, userId: 'user-0001' }, { version: 7 }]]);
    expect(api.callsTo('applicantsDetails')).toHaveLength(1);
  });

  describe('when someone else changed the applicant first (409 APPLICANT_CHANGED)', () => {
    const CHANGED = 'Someone else changed this applicant in the meantime; reload it and try again';

    /** The server holds version 1 until `change()` moves it to version 2, put on hold by someone else. */
    function serveChanging(extra: ApiHandlers = {}) {
      let current = buildApplicantDetails({ applicant: { version: 1 } });
      const api = mockApi({
        usersMe: { body: buildUser() },
        applicantsDetails: () => ({ body: current }),
        applicantsActivity: { body: EMPTY_ACTIVITY },
        ...DECISION_READS,
        ...extra,
      });
      const change = () => {
        current = buildApplicantDetails({ applicant: { version: 2, kycStatus: 'onHold' } });
      };
      return { api, change, stale: (version: number | undefined) => version !== current.applicant.version };
    }

    it('approve shows the server message, loads the applicant again and then sends the new version', async () => {
      const user = userEvent.setup();
      const approved = buildApplicantDetails({ applicant: { version: 3, kycStatus: 'completed', reviewAnswer: 'approved' } });
      const { api, change, stale } = serveChanging({
        applicantsApprove: ({ body }) =>
          stale(body?.version) ? apiError(409, 'APPLICANT_CHANGED', CHANGED) : { body: { applicant: approved.applicant, ...NOT_PENDING } },
      });
      renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
      const summary = await screen.findByRole('table', { name: 'Summary' });
      expect(within(summary).getByText('Pending')).toBeInTheDocument();

      change();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText(CHANGED)).toBeInTheDocument();
      // The latest state replaces what the reviewer saw: nothing was approved.
      expect(await within(summary).findByText('On Hold')).toBeInTheDocument();
      expect(api.callsTo('applicantsDetails')).toHaveLength(2);
      expect(screen.queryByText('Applicant approved')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText('Applicant approved')).toBeInTheDocument();
      expect(api.callsTo('applicantsApprove').map((call) => call.body)).toEqual([{ version: 1 }, { version: 2 }]);
    });

    it('the reject dialog shows the server message and retries with the version loaded since', async () => {
      const user = userEvent.setup();
      const rejected = buildApplicantDetails({ applicant: { version: 3, kycStatus: 'completed', reviewAnswer: 'rejected' } });
      const { api, change, stale } = serveChanging({
        applicantsReject: ({ body }) =>
          stale(body?.version) ? apiError(409, 'APPLICANT_CHANGED', CHANGED) : { body: { applicant: rejected.applicant, ...NOT_PENDING } },
      });
      renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
      await user.click(await screen.findByRole('button', { name: 'Reject' }));
      const dialog = screen.getByRole('dialog', { name: 'Reject applicant' });
      await user.selectOptions(within(dialog).getByLabelText('Label'), 'Document expired');

      change();
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(CHANGED);
      await waitFor(() => expect(api.callsTo('applicantsDetails')).toHaveLength(2));
      expect(await within(screen.getByRole('table', { name: 'Summary' })).findByText('On Hold')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await screen.findByText('Applicant rejected')).toBeInTheDocument();
      expect(api.callsTo('applicantsReject').map((call) => call.body)).toEqual([
        { labelId: 'label-expired', version: 1 },
        { labelId: 'label-expired', version: 2 },
      ]);
    });

    it('decides on the code: another 409 shows its message without loading the applicant again', async () => {
      const user = userEvent.setup();
      const { api } = serveChanging({ applicantsHold: apiError(409, 'DECISION_PENDING', 'A decision is waiting out its undo window') });
      renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
      await user.click(await screen.findByRole('button', { name: 'Hold' }));
      const dialog = screen.getByRole('dialog', { name: 'Put applicant on hold' });
      await user.selectOptions(within(dialog).getByLabelText('Label'), 'Additional check needed');
      await user.click(within(dialog).getByRole('button', { name: 'Hold' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('A decision is waiting out its undo window');
      expect(api.callsTo('applicantsHold').map((call) => call.body)).toEqual([{ labelId: 'label-check', version: 1 }]);
      expect(api.callsTo('applicantsDetails')).toHaveLength(1);
    });
  });

  it('places the decision bar in the summary and the notes panel before the activity', async () => {
    serve(buildApplicantDetails());
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByRole('region', { name: 'Decision' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Internal notes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request resubmission' })).toBeInTheDocument();
  });

  it('shows the automatic checks when the server has them, and nothing when it answers 404', async () => {
    serve(buildApplicantDetails(), {
      applicantChecksList: {
        body: [
          check({ name: 'document-not-expired', verdict: 'passed', detail: 'Expires 2031-01-30' }),
          check({ name: 'adult', verdict: 'failed', detail: 'Age 16' }),
        ],
      },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByRole('heading', { name: 'Automatic checks' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 checks failed.')).toBeInTheDocument();
    expect(screen.getByText('Applicant is an adult').closest('li')).toHaveClass('check-failed');
    expect(screen.getByText('Age 16')).toBeInTheDocument();
  });

  it('hides the automatic checks when the server has none (404)', async () => {
    serve(buildApplicantDetails());
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    await screen.findByRole('table', { name: 'Identity' });
    await screen.findByText('No activity yet.');
    expect(screen.queryByRole('heading', { name: 'Automatic checks' })).not.toBeInTheDocument();
  });

  it('lists the activity with changed fields from → to', async () => {
    serve(buildApplicantDetails(), {
      applicantsActivity: {
        body: {
          items: [
            {
              id: 'e1',
              action: 'applicant.updated',
              actorName: 'alice',
              createdAt: '2026-11-20T10:00:00.000Z',
              detail: { changes: [{ field: 'kycStatus', from: 'pending', to: 'onHold' }] },
            },
          ],
          meta: { page: 1, pageLength: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
        },
      },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const entry = (await screen.findByText('Edited')).closest('li')!;
    expect(entry).toHaveTextContent('by alice');
    expect(entry).toHaveTextContent('KYC Status: Pending → changed to On Hold');
  });

  it('lists the verification page steps with their session (shortened) and IP address', async () => {
    const sessionId = '3f2a9c1e-7d1f-4c55-9a3e-0c6b2f1d8e47';
    const at = '2026-11-20T10:00:00.000Z';
    serve(buildApplicantDetails(), {
      applicantsActivity: {
        body: {
          items: [
            { id: 'e4', action: 'verification.session_revoked', actorName: 'alice', createdAt: at, detail: { sessionId, ip: '198.51.100.7' } },
            {
              id: 'e3',
              action: 'applicant.data_entered',
              actorName: 'applicant',
              createdAt: at,
              detail: { fields: ['name', 'dateOfBirth'], sessionId, ip: '203.0.113.10' },
            },
            {
              id: 'e2',
              action: 'applicant.photo_uploaded',
              actorName: 'applicant',
              createdAt: at,
              detail: { docType: 'PASSPORT', side: 'front', sessionId, ip: '::ffff:203.0.113.10' },
            },
            { id: 'e1', action: 'verification.session_created', actorName: 'acme-server', createdAt: at, detail: { sessionId, kind: 'link', ip: '192.0.2.1' } },
          ],
          meta: { page: 1, pageLength: 4, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
        },
      },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);

    const photo = (await screen.findByText('Uploaded a photo')).closest('li')!;
    expect(photo).toHaveTextContent('by applicant');
    expect(photo).toHaveTextContent('Passport, front');
    expect(photo).toHaveTextContent('Session 3f2a9c1e');
    expect(photo).toHaveTextContent('IP address 203.0.113.10');
    expect(photo).not.toHaveTextContent(sessionId);
    expect(within(photo).getByTitle(`Session ${sessionId}`)).toBeInTheDocument();

    expect(screen.getByText('Entered personal data').closest('li')).toHaveTextContent('Name, Date of Birth');
    const created = screen.getByText('Verification session started').closest('li')!;
    expect(created).toHaveTextContent("A link created by the integrator's server");
    expect(created).toHaveTextContent('IP address 192.0.2.1');
    const revoked = screen.getByText('Verification link revoked').closest('li')!;
    expect(revoked).toHaveTextContent('by alice');
    expect(revoked).toHaveTextContent('Session 3f2a9c1e');
  });

  describe('what the document says', () => {
    const comparison = check({
      name: 'data-matches-document',
      verdict: 'failed',
      detail: 'Differs from the document: dateOfBirth',
      score: 0.75,
      evidence: {
        fields: [
          { field: 'name', declared: 'Maria Silva', extracted: 'SILVA MARIA', verdict: 'match' },
          { field: 'dateOfBirth', declared: '1990-04-21', extracted: '1990-04-12', verdict: 'mismatch' },
          { field: 'docNumber', declared: 'AB123456', extracted: 'AB123456', verdict: 'match' },
        ],
      },
    });

    it('shows the typed data beside what was read, the mismatch highlighted', async () => {
      serve(buildApplicantDetails({ analysis: 'done' }), {
        applicantChecksList: { body: [check({ name: 'document-read', verdict: 'passed', detail: 'TD3 machine-readable zone read' }), comparison] },
      });
      renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
      const table = await screen.findByRole('table', { name: 'Identity' });
      expect(await within(table).findByRole('columnheader', { name: 'Read from the document' })).toBeInTheDocument();
      const birth = within(table).getByRole('rowheader', { name: 'Date of Birth' }).closest('tr')!;
      expect(birth).toHaveClass('kv-mismatch');
      expect(within(birth).getByText('Differs from the document')).toBeInTheDocument();
      expect(within(birth).getByText('1990-04-12')).toBeInTheDocument();
      expect(within(table).getByRole('rowheader', { name: 'Name' }).closest('tr')).not.toHaveClass('kv-mismatch');
      expect(screen.getByText('1 of 2 checks failed.')).toBeInTheDocument();
    });

    it('says "Analysing…" until the results arrive, then shows them', async () => {
      let checks: ApplicantCheckDto[] = [check({ name: 'adult', verdict: 'passed', detail: 'Age 36' })];
      let analysis: ApplicantDetailsDto['analysis'] = 'running';
      serve(undefined, {
        applicantsDetails: () => ({ body: buildApplicantDetails({ analysis }) }),
        applicantChecksList: () => ({ body: checks }),
      });
      renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
      expect(await screen.findByText(/Analysing… the document is being read/)).toBeInTheDocument();
      expect(screen.getByText(/Analysing… the faces are being compared/)).toBeInTheDocument();
      checks = [...checks, check({ name: 'document-read', verdict: 'passed', detail: 'read' }), comparison];
      analysis = 'done';
      expect(await screen.findByText('Differs from the document', {}, { timeout: 5000 })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryAllByText(/Analysing…/)).toHaveLength(0));
    }, 10_000);

    it('keeps looking for the face results after the document is read, while the analysis runs', async () => {
      let checks: ApplicantCheckDto[] = [check({ name: 'document-read', verdict: 'passed', detail: 'read' }), comparison];
      serve(undefined, {
        applicantsDetails: () => ({ body: buildApplicantDetails({ analysis: checks.length > 2 ? 'done' : 'running' }) }),
        applicantChecksList: () => ({ body: checks }),
      });
      renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
      expect(await screen.findByText(/Analysing… the faces are being compared/)).toBeInTheDocument();
      expect(screen.queryByText(/the document is being read/)).not.toBeInTheDocument();
      checks = [...checks, check({ name: 'face-match', verdict: 'passed', detail: 'The selfie matches the document portrait' })];
      expect(await screen.findByRole('heading', { name: 'Selfie against the document portrait' }, { timeout: 5000 })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryAllByText(/Analysing…/)).toHaveLength(0));
    }, 10_000);
  });
  it('lets the owner place a legal hold with a reason; while held, the hold shows and erasure is not offered', async () => {
    const user = userEvent.setup();
    const hold = { since: '2026-11-20T10:00:00.000Z', placedBy: 'alice', reason: 'Court order 12' };
    let held = false;
    const api = serve(undefined, {
      organizationsGet: { body: buildOrganizationDetails({ role: 'owner' }) },
      applicantsDetails: () => ({ body: buildApplicantDetails({ legalHold: held ? hold : null }) }),
      legalHoldPlace: () => {
        held = true;
        return { body: hold };
      },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByRole('button', { name: 'Erase applicant' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Legal hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place legal hold' });
    const place = within(dialog).getByRole('button', { name: 'Place legal hold' });
    expect(place).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Court order 12');
    await user.click(place);
    await waitFor(() => expect(api.callsTo('legalHoldPlace').map((call) => call.body)).toEqual([{ reason: 'Court order 12' }]));
    expect(await screen.findByText('On legal hold')).toBeInTheDocument();
    expect(screen.getByText(/by alice: Court order 12\. Retention and erasure skip this applicant/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lift legal hold' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase applicant' })).not.toBeInTheDocument();
  });

  it('says when the retention policy removed the photos, keeping the identity data', async () => {
    serve(buildApplicantDetails({ imagesRemovedAt: '2026-11-20T10:00:00.000Z', identity: { images: [] } }));
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    expect(
      await screen.findByText(/The document photos, selfie and face data were removed on .* under the organization’s retention policy/),
    ).toBeInTheDocument();
    expect(within(identityRow('Name')).getByText('Maria Silva')).toBeInTheDocument();
    // A member (not owner or administrator) is offered neither erasure nor a hold.
    expect(screen.queryByRole('button', { name: 'Legal hold' })).not.toBeInTheDocument();
  });
});
