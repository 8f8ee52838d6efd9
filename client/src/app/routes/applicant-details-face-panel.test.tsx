import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicantCheckDto, ApplicantDetailsDto, FaceBlocklistEntryDto, GrantDto } from '../../api/generated/types.gen';
import { paths } from '../../config/paths';
import { apiError, mockApi, type ApiHandlers } from '../../testing/mock-api';
import { renderPage } from '../../testing/render-page';
import { buildUser } from '../../testing/users';
import { buildApplicantDetails, ORGANIZATION_ID } from '../../testing/applicant-factory';
import { buildReviewState } from '../../features/review/testing/decision-factory';
import { ApplicantDetailsPage } from './applicant-details';

const ROUTE = '/dashboard/:organizationId/applicants/:userId';
const PAGE_PATH = `/dashboard/${ORGANIZATION_ID}/applicants/user-0001`;
const EMPTY_ACTIVITY = {
  items: [],
  meta: { page: 1, pageLength: 0, totalPages: 0, hasPreviousPage: false, hasNextPage: false },
};

// The evidence names crops by id; the browser fetches them from the crop routes.
const SELFIE_ID = '11111111-1111-4111-8111-111111111111';
const PORTRAIT_ID = '22222222-2222-4222-8222-222222222222';
const OTHER_ID = '33333333-3333-4333-8333-333333333333';
const TWIN_ID = '44444444-4444-4444-8444-444444444444';
const cropUrl = (cropId: string) => `${window.location.origin}/api/projects/${ORGANIZATION_ID}/applicants/user-0001/face-crops/${cropId}`;
const SELFIE_CROP = cropUrl(SELFIE_ID);
const PORTRAIT_CROP = cropUrl(PORTRAIT_ID);
const OTHER_CROP = cropUrl(OTHER_ID);
const LISTED_CROP = `${window.location.origin}/api/projects/${ORGANIZATION_ID}/face-blocklist/7/crop`;

function check(fields: Pick<ApplicantCheckDto, 'name' | 'verdict' | 'detail'> & Partial<ApplicantCheckDto>): ApplicantCheckDto {
  return { passed: fields.verdict === 'passed', score: null, evidence: null, createdAt: '2026-11-01T10:00:01.000Z', ...fields };
}

const face = (cropId: string, yaw = 2) => ({
  found: true,
  box: { x: 10, y: 12, width: 120, height: 140 },
  size: 140,
  yaw,
  antispoof: 0.92,
  liveness: 0.31,
  cropId,
});

const FACE_MATCH = check({
  name: 'face-match',
  verdict: 'passed',
  score: 0.724,
  detail: 'The selfie matches the document portrait (similarity 72 %, threshold 45 %)',
  evidence: { threshold: 0.45, similarity: 0.724, portrait: face(PORTRAIT_ID), selfie: face(SELFIE_ID) },
});

const LIVENESS = check({
  name: 'liveness',
  verdict: 'needs-review',
  score: 0.31,
  detail:
    'Pose challenge passed: the head turned left (23°), same face; low liveness score. Anti-spoofing and liveness scores are signals, not a certification.',
  evidence: {
    signals: { antispoof: 0.92, liveness: 0.31 },
    challenge: { requestedTurn: 'left', turnDegrees: -23, turnedTo: 'left', sameFace: 0.81, framesIdentical: false },
    minTurnDegrees: 15,
    lowSignal: 0.5,
    threshold: 0.45,
  },
});

const DUPLICATES = check({
  name: 'duplicate-face',
  verdict: 'failed',
  score: 0.88,
  detail: 'The face matches a blocklisted face (user-0009: Stolen passport)',
  evidence: {
    threshold: 0.45,
    searched: 42,
    matches: [
      { userId: 'user-0002', name: 'Joana Costa', dateOfBirth: '1985-02-03', similarity: 0.88, differentIdentity: true, cropId: OTHER_ID, foundLater: true },
      { userId: 'user-0003', name: 'Maria Silva', dateOfBirth: '1990-04-21', similarity: 0.79, differentIdentity: false, cropId: TWIN_ID },
    ],
    blocklist: [{ entryId: 7, userId: 'user-0009', reason: 'Stolen passport', similarity: 0.83 }],
  },
});

const FACE_CHECKS = [FACE_MATCH, LIVENESS, DUPLICATES];

const LISTED: FaceBlocklistEntryDto = { id: 12, userId: 'user-0001', reason: 'Presented a stolen passport', createdAt: '2026-11-21T09:30:00.000Z' };

/** Serves user-0001 with `details` (analysis done) and the face checks; `extra` answers more. */
function serve(details: ApplicantDetailsDto = buildApplicantDetails({ analysis: 'done' }), extra: ApiHandlers = {}) {
  return mockApi({
    usersMe: { body: buildUser() },
    applicantsDetails: { body: details },
    applicantsActivity: { body: EMPTY_ACTIVITY },
    applicantChecksList: { body: FACE_CHECKS },
    ...extra,
  });
}

async function facePanel(): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { name: 'Face', level: 2 })).closest('section')!;
}

function section(panel: HTMLElement, title: string): HTMLElement {
  return within(panel).getByRole('heading', { name: title, level: 3 }).closest('section')!;
}

describe('the face panel', () => {
  it('shows the selfie beside the document portrait with the similarity against the threshold and the verdict', async () => {
    serve();
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const match = section(await facePanel(), 'Selfie against the document portrait');
    expect(within(match).getByRole('img', { name: 'Selfie face' })).toHaveAttribute('src', SELFIE_CROP);
    expect(within(match).getByRole('img', { name: 'Document portrait' })).toHaveAttribute('src', PORTRAIT_CROP);
    expect(within(match).getByText('72 %')).toBeInTheDocument();
    expect(within(match).getByText(/threshold 45 %/, { selector: 'span' })).toBeInTheDocument();
    expect(within(match).getByText('Passed')).toBeInTheDocument();
    // The three checks are in the checks list too, by their labels.
    const list = screen.getByRole('heading', { name: 'Automatic checks' }).closest('section')!;
    expect(within(list).getByText('Selfie matches the document portrait')).toBeInTheDocument();
    expect(within(list).getByText('Liveness signals and pose challenge')).toBeInTheDocument();
    expect(within(list).getByText('Face not used by another applicant or blocklisted')).toBeInTheDocument();
  });

  it('never shows an image the evidence carries inline, and says so when a crop is no longer kept', async () => {
    serve(undefined, {
      applicantChecksList: {
        body: [
          check({
            name: 'face-match',
            verdict: 'passed',
            detail: 'The selfie matches the document portrait',
            // An older evidence's data URL is not shown: only crops served by the crop route are.
            evidence: {
              threshold: 0.45,
              similarity: 0.7,
              portrait: { ...face(PORTRAIT_ID), cropId: 'data:image/jpeg;base64,cG9ydHJhaXQ=' },
              selfie: face(SELFIE_ID),
            },
          }),
        ],
      },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const match = section(await facePanel(), 'Selfie against the document portrait');
    expect(within(match).getByRole('img', { name: 'Document portrait: No crop recorded' })).toBeInTheDocument();
    // Removed since (retention, a new analysis): the route answers 404 and the picture says so.
    fireEvent.error(within(match).getByRole('img', { name: 'Selfie face' }));
    expect(within(match).getByRole('img', { name: 'Selfie face: Picture no longer kept' })).toBeInTheDocument();
  });

  it('says why a face is missing instead of a crop', async () => {
    serve(undefined, {
      applicantChecksList: {
        body: [
          check({
            name: 'face-match',
            verdict: 'failed',
            detail: 'Several faces on the selfie',
            evidence: { threshold: 0.45, similarity: null, portrait: face(PORTRAIT_ID), selfie: { found: false, reason: 'several faces', faces: 2 } },
          }),
        ],
      },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const match = section(await facePanel(), 'Selfie against the document portrait');
    expect(within(match).getByRole('img', { name: 'Selfie face: Several faces (2)' })).toBeInTheDocument();
    expect(within(match).getByText('unknown')).toBeInTheDocument();
    expect(within(match).getByText('Failed')).toBeInTheDocument();
    // No face was kept: there is nothing to blocklist.
    expect(screen.queryByRole('button', { name: 'Mark face as fraudulent' })).not.toBeInTheDocument();
  });

  it('labels the liveness scores as signals, not a certification, and shows the pose challenge outcome', async () => {
    serve();
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const liveness = section(await facePanel(), 'Liveness');
    expect(within(liveness).getByText('signals, not a certification')).toBeInTheDocument();
    expect(within(liveness).getByText('Needs a person to look')).toBeInTheDocument();
    const fact = (label: string) => within(liveness).getByText(label, { selector: 'dt' }).closest('div')!;
    expect(fact('Anti-spoofing')).toHaveTextContent('92 %');
    expect(fact('Liveness')).toHaveTextContent('31 % (low)');
    expect(fact('Liveness')).toHaveClass('face-fact-flagged');
    expect(fact('Asked to turn')).toHaveTextContent('To the left');
    expect(fact('Measured turn')).toHaveTextContent('23° to the left (at least 15° needed)');
    expect(fact('Same face in both captures')).toHaveTextContent('Yes (similarity 81 %, threshold 45 %)');
    expect(fact('Identical frames')).toHaveTextContent('No');
  });

  it('shows the presentation and injection signals beside the pose challenge, the suspected ones flagged, with what was measured', async () => {
    const injected = check({
      ...LIVENESS,
      evidence: {
        ...LIVENESS.evidence,
        presentation: [
          { capture: 'selfie', kind: 'screen', score: 1.6, suspected: true, detail: '12 of 81 tiles around the face repeat a fine colour pattern' },
          { capture: 'selfie', kind: 'print', score: 0.4, suspected: false, detail: '20 of 81 tiles around the face hold a dot lattice (halftone)' },
        ],
        injection: [
          { kind: 'virtual-camera', suspected: true, captures: ['selfie'], detail: 'the selfie came from a virtual camera (OBS Virtual Camera)' },
          { kind: 'file-chosen', suspected: false, captures: [], detail: 'Taken with the camera' },
          { kind: 'frame-timing', suspected: false, captures: [], detail: 'Frame timing a camera could produce (or not measured)' },
        ],
        injectionSuspected: ['virtual-camera'],
      },
    });
    serve(undefined, { applicantChecksList: { body: [FACE_MATCH, injected, DUPLICATES] } });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const liveness = section(await facePanel(), 'Liveness');
    expect(within(liveness).getByRole('heading', { name: /Presentation signals/, level: 4 })).toBeInTheDocument();
    expect(within(liveness).getByRole('heading', { name: /Injection signals/, level: 4 })).toHaveTextContent('not a certification');
    const fact = (label: string) => within(liveness).getByText(label, { selector: 'dt' }).closest('div')!;
    expect(fact('Screen (sub-pixel grid, bezel), selfie')).toHaveTextContent('Suspected (score 1.60, suspected from 1)');
    expect(fact('Screen (sub-pixel grid, bezel), selfie')).toHaveClass('face-fact-flagged');
    expect(fact('Print (halftone), selfie')).not.toHaveClass('face-fact-flagged');
    expect(fact('Virtual camera')).toHaveTextContent('OBS Virtual Camera');
    expect(fact('Virtual camera')).toHaveClass('face-fact-flagged');
    expect(fact('File chosen instead of the camera')).toHaveTextContent('Not suspected');
  });

  it('lists each duplicate with both faces, its identity flag and a link to that applicant, and the blocklist hits with their reason', async () => {
    serve();
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const duplicates = section(await facePanel(), 'Duplicate faces');
    expect(within(duplicates).getByText(/42 stored faces of the organization searched/)).toBeInTheDocument();

    const same = within(duplicates).getByRole('list', { name: 'Applicants with the same face' });
    const [other, twin] = within(same).getAllByRole('listitem');
    expect(within(other).getByRole('img', { name: 'Selfie face' })).toHaveAttribute('src', SELFIE_CROP);
    expect(within(other).getByRole('img', { name: 'Face of user-0002' })).toHaveAttribute('src', OTHER_CROP);
    expect(within(other).getByText('Different identity')).toBeInTheDocument();
    expect(other).toHaveTextContent('Joana Costa');
    expect(other).toHaveTextContent('1985-02-03');
    expect(other).toHaveTextContent('88 %');
    expect(within(other).getByRole('link', { name: 'Open user-0002' })).toHaveAttribute('href', paths.dashboard.applicant(ORGANIZATION_ID, 'user-0002'));
    // Found when user-0002 was analysed after this applicant: said so.
    expect(other).toHaveTextContent('Submitted later: found when its selfie was analysed');
    expect(twin).not.toHaveTextContent('Submitted later');
    expect(within(twin).queryByText('Different identity')).not.toBeInTheDocument();
    expect(within(twin).getByText('Same name and date of birth')).toBeInTheDocument();
    expect(within(twin).getByRole('link', { name: 'Open user-0003' })).toBeInTheDocument();

    const listed = within(duplicates).getByRole('list', { name: 'Blocklisted faces matching the selfie' });
    expect(within(listed).getByRole('img', { name: 'Face of user-0009' })).toHaveAttribute('src', LISTED_CROP);
    expect(listed).toHaveTextContent('Reason: Stolen passport');
  });

  it('marks the face as fraudulent with a required reason, then shows it on the blocklist', async () => {
    const user = userEvent.setup();
    const api = serve(undefined, {
      faceBlocklistBlock: ({ body }) => ({ status: 201, body: { ...LISTED, reason: body!.reason } }),
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Mark face as fraudulent' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark face as fraudulent' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to the blocklist' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('faceBlocklistBlock')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), '  Presented a stolen passport ');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the blocklist' }));
    await waitFor(() =>
      expect(api.callsTo('faceBlocklistBlock').map((call) => [call.path, call.body])).toEqual([
        [{ id: ORGANIZATION_ID, userId: 'user-0001' }, { reason: 'Presented a stolen passport' }],
      ]),
    );
    expect(await screen.findByText('On the blocklist: Presented a stolen passport')).toBeInTheDocument();
    expect(screen.getByText('Face added to the blocklist')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark face as fraudulent' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove from blocklist' })).toBeInTheDocument();
  });

  it("shows the server's answer when there is no analysed face to list", async () => {
    const user = userEvent.setup();
    serve(undefined, {
      faceBlocklistBlock: apiError(409, 'FACE_NOT_ANALYSED', 'This applicant has no analysed selfie face to blocklist'),
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Mark face as fraudulent' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark face as fraudulent' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the blocklist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This applicant has no analysed selfie face to blocklist');
  });

  it('takes the face off the blocklist after confirmation', async () => {
    const user = userEvent.setup();
    const api = serve(buildApplicantDetails({ analysis: 'done', faceBlocklist: LISTED }), {
      faceBlocklistUnblock: { status: 204 },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByText('On the blocklist: Presented a stolen passport')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark face as fraudulent' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove from blocklist' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove from blocklist' });
    expect(api.callsTo('faceBlocklistUnblock')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove from blocklist' }));
    await waitFor(() => expect(api.callsTo('faceBlocklistUnblock')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/On the blocklist/)).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Mark face as fraudulent' })).toBeInTheDocument();
  });

  it('names the risks in the approve dialog — the applicants with the same face among them — and asks why, even for a reviewer who is not asked any more', async () => {
    const user = userEvent.setup();
    const risk = {
      level: 'high' as const,
      secondReviewerForOverrides: false,
      risks: [
        { code: 'blocklisted-face' as const, check: 'duplicate-face', severity: 'high' as const, detail: 'Matches a blocklisted face' },
        { code: 'check-needs-review' as const, check: 'liveness', severity: 'medium' as const, detail: 'low liveness score' },
      ],
    };
    const api = serve(undefined, { applicantDecisionsReview: { body: buildReviewState({ approveWithoutConfirmation: true, risk }) } });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    await facePanel();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve past flagged checks?' });
    const flags = within(dialog).getByRole('list', { name: 'Flagged checks' });
    const duplicate = within(flags).getByText('Duplicate face').closest('li')!;
    expect(duplicate).toHaveTextContent('Blocklisted face of user-0009 (Stolen passport)');
    expect(duplicate).toHaveTextContent('Same face as user-0002 (submitted later, different name or date of birth)');
    expect(duplicate).toHaveTextContent('Same face as user-0003 (same name and date of birth)');
    expect(within(duplicate).getByRole('link', { name: 'user-0002' })).toHaveAttribute('href', paths.dashboard.applicant(ORGANIZATION_ID, 'user-0002'));
    expect(within(flags).getByText('Liveness').closest('li')).toHaveTextContent('low liveness score');
    // No "Don't ask me again" past risks, and no approval without a written reason.
    expect(within(dialog).queryByLabelText("Don't ask me again")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve with override' }));
    expect(within(dialog).getByText('Say why you approve past these flags')).toBeInTheDocument();
    expect(api.callsTo('applicantsApprove')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Override reason (required)'), 'Same person, new passport: checked with the issuer');
    await user.click(within(dialog).getByRole('button', { name: 'Approve with override' }));
    await waitFor(() => expect(api.callsTo('applicantsApprove')).toHaveLength(1));
    expect(api.callsTo('applicantsApprove')[0].body).toMatchObject({ overrideReason: 'Same person, new passport: checked with the issuer' });
  });

  it("says 'No face found' when the selfie has none, not a duplicate", async () => {
    serve(undefined, {
      applicantChecksList: {
        body: [
          check({
            name: 'face-match',
            verdict: 'failed',
            detail: 'No face found on the selfie',
            evidence: { threshold: 0.45, similarity: null, portrait: face(PORTRAIT_ID), selfie: { found: false, reason: 'no face', faces: 0 } },
          }),
          check({ name: 'duplicate-face', verdict: 'unavailable', detail: 'No face found on the selfie: there is nothing to search for' }),
        ],
      },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const duplicates = section(await facePanel(), 'Duplicate faces');
    expect(within(duplicates).getByText('No face found')).toBeInTheDocument();
    expect(within(duplicates).queryByText('Could not run')).not.toBeInTheDocument();
    expect(within(duplicates).queryByRole('list')).not.toBeInTheDocument();
  });

  describe('without the applicants:update permission', () => {
    const withApplicants = (actions: GrantDto['actions']) => buildUser({ role: 'admin', permissions: [{ resource: 'applicants', actions }] });

    it('shows neither the blocklist action nor its removal, but still shows the listing', async () => {
      serve(buildApplicantDetails({ analysis: 'done', faceBlocklist: LISTED }), { usersMe: { body: withApplicants(['read']) } });
      renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
      expect(await screen.findByText('On the blocklist: Presented a stolen passport')).toBeInTheDocument();
      await screen.findByRole('img', { name: 'Face of user-0002' });
      expect(screen.queryByRole('button', { name: 'Remove from blocklist' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mark face as fraudulent' })).not.toBeInTheDocument();
    });

    it('offers the action to the same role once its rights allow it', async () => {
      serve(undefined, { usersMe: { body: withApplicants(['read', 'update']) } });
      renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
      expect(await screen.findByRole('button', { name: 'Mark face as fraudulent' })).toBeInTheDocument();
    });
  });
});
