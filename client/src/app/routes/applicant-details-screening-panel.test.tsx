import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicantCheckDto } from '../../api/generated/types.gen';
import { apiError, mockApi } from '../../testing/mock-api';
import { renderPage } from '../../testing/render-page';
import { buildUser } from '../../testing/users';
import { buildApplicantDetails, ORGANIZATION_ID } from '../../testing/applicant-factory';
import { ApplicantDetailsPage } from './applicant-details';

const ROUTE = '/dashboard/:organizationId/applicants/:userId';
const PAGE_PATH = `/dashboard/${ORGANIZATION_ID}/applicants/user-0001`;
const EMPTY_ACTIVITY = { items: [], meta: { page: 1, pageLength: 0, totalPages: 0, hasPreviousPage: false, hasNextPage: false } };

const HIT = {
  key: 'ofac-sdn:9101',
  list: 'ofac-sdn',
  externalId: '9101',
  name: 'Viktor Ivanovich KOVALENKO',
  matchedName: 'KOVALENKO, Victor',
  programmes: ['UKRAINE-EO13660', 'RUSSIA-EO14024'],
  score: 0.974,
  nameScore: 0.9,
  dateOfBirth: 'exact',
  nationality: 'match',
  matchedFields: ['name', 'dateOfBirth', 'nationality'],
  review: null,
};

function screening(fields: Partial<ApplicantCheckDto>): ApplicantCheckDto {
  return {
    name: 'sanctions-screening',
    verdict: 'needs-review',
    passed: false,
    score: 0.974,
    detail: '1 possible match on the sanctions lists: Viktor Ivanovich KOVALENKO (OFAC SDN, 0.97)',
    evidence: { status: 'screened', threshold: 0.9, lists: [{ source: 'ofac-sdn', version: null }], fingerprint: 'f', hits: [HIT] },
    createdAt: '2026-11-01T10:00:01.000Z',
    ...fields,
  };
}

/** Serves the applicant with `check`; a review replaces it, as the server stores it. */
function serve(check: ApplicantCheckDto, role: 'kyc' | 'admin' = 'kyc') {
  let stored = check;
  return mockApi({
    usersMe: { body: buildUser({ role }) },
    applicantsDetails: { body: buildApplicantDetails({ analysis: 'done' }) },
    applicantsActivity: { body: EMPTY_ACTIVITY },
    applicantChecksList: () => ({ body: [stored] }),
    screeningReviewsReview: ({ body }) => {
      stored = screening({
        verdict: 'passed',
        passed: true,
        detail: 'No match on OFAC SDN at threshold 0.90 (1 hit reviewed as a false positive)',
        evidence: {
          status: 'screened',
          threshold: 0.9,
          lists: [],
          fingerprint: 'f',
          hits: [{ ...HIT, review: { verdict: body!.verdict, note: body!.note, reviewedBy: 'alice', reviewedAt: '2026-11-02T09:00:00.000Z' } }],
        },
      });
      return { body: stored };
    },
  });
}

async function screeningPanel(): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { name: 'Sanctions screening', level: 2 })).closest('section')!;
}

describe('the sanctions screening panel', () => {
  it('shows each hit with its list, programmes, score and the fields that matched', async () => {
    serve(screening({}));
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const panel = await screeningPanel();
    const hit = within(panel).getByRole('listitem', { name: 'Viktor Ivanovich KOVALENKO' });
    expect(within(hit).getByText('score 0.97')).toBeInTheDocument();
    expect(within(hit).getByText('OFAC SDN · id 9101')).toBeInTheDocument();
    expect(within(hit).getByText('UKRAINE-EO13660, RUSSIA-EO14024')).toBeInTheDocument();
    expect(within(hit).getByText('name, date of birth, nationality')).toBeInTheDocument();
    expect(within(hit).getByText('Not reviewed')).toBeInTheDocument();
    // In the checks list too, by its label.
    expect(screen.getByText('Not on a sanctions list')).toBeInTheDocument();
  });

  it('marks a hit a false positive with a note, and shows the review the server stored', async () => {
    const api = serve(screening({}));
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const panel = await screeningPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'False positive' }));
    const form = within(panel).getByRole('form', { name: 'Mark Viktor Ivanovich KOVALENKO as a false positive' });
    // A note is required.
    await userEvent.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(within(form).getByText('Say why, for the audit trail')).toBeInTheDocument();
    expect(api.calls.some((call) => call.operation === 'screeningReviewsReview')).toBe(false);

    await userEvent.type(within(form).getByLabelText('Note (false positive)'), 'Born in Kyiv; different person');
    await userEvent.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(panel).findByText(/False positive by alice/)).toHaveTextContent('“Born in Kyiv; different person”');
    const sent = api.calls.find((call) => call.operation === 'screeningReviewsReview');
    expect(sent?.body).toEqual({ hit: 'ofac-sdn:9101', verdict: 'false-positive', note: 'Born in Kyiv; different person' });
    expect(within(panel).getByText('No match on OFAC SDN at threshold 0.90 (1 hit reviewed as a false positive)')).toBeInTheDocument();
  }, 15_000);

  it('shows the server’s refusal', async () => {
    mockApi({
      usersMe: { body: buildUser() },
      applicantsDetails: { body: buildApplicantDetails({ analysis: 'done' }) },
      applicantsActivity: { body: EMPTY_ACTIVITY },
      applicantChecksList: { body: [screening({})] },
      screeningReviewsReview: apiError(404, 'SCREENING_HIT_NOT_FOUND', 'This applicant has no such sanctions hit'),
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const panel = await screeningPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'True match' }));
    await userEvent.type(within(panel).getByLabelText('Note (true match)'), 'Same person');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save review' }));
    expect(await within(panel).findByText('This applicant has no such sanctions hit')).toBeInTheDocument();
  }, 15_000);

  it('says plainly when the applicant was not screened, and offers Screen now', async () => {
    serve(
      screening({
        verdict: 'unavailable',
        detail: 'No sanctions list is imported: the applicant was not screened',
        evidence: { status: 'no-lists', hits: [] },
      }),
    );
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const panel = await screeningPanel();
    expect(within(panel).getByText('No sanctions list is imported: the applicant was not screened')).toBeInTheDocument();
    expect(within(panel).getByText('The applicant was not screened.')).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Screen now']);
  });

  it('offers Screen now to a submitted applicant with no screening check at all, once its analyses are over', async () => {
    mockApi({
      usersMe: { body: buildUser({ role: 'kyc' }) },
      applicantsDetails: { body: buildApplicantDetails({ analysis: 'done' }) },
      applicantsActivity: { body: EMPTY_ACTIVITY },
      applicantChecksList: { body: [] },
    });
    renderPage(<ApplicantDetailsPage />, ROUTE, PAGE_PATH);
    const panel = await screeningPanel();
    expect(within(panel).getByRole('button', { name: 'Screen now' })).toBeInTheDocument();
  });
});
