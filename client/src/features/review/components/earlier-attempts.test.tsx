import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AttemptDto } from '../../../api/generated/types.gen';
import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildApplicantDetails, ORGANIZATION_ID } from '../../../testing/applicant-factory';
import { decisionKeys } from '../api/decision-keys';
import { buildReviewState } from '../testing/decision-factory';
import { EarlierAttempts } from './earlier-attempts';

const applicant = buildApplicantDetails().applicant;

function renderSection() {
  return renderPage(<EarlierAttempts organizationId={ORGANIZATION_ID} applicant={applicant} />, '/attempts', '/attempts');
}

const FIRST: AttemptDto = { attempt: 1, request: null, submittedAt: '2026-11-20T09:00:00.000Z', changedFields: [], changedPhotos: [] };

describe('the attempts', () => {
  it('shows each request, the data changed before and after, and the photos side by side, newest first', async () => {
    const attempts: AttemptDto[] = [
      FIRST,
      {
        attempt: 2,
        request: { at: '2026-11-20T10:00:00.000Z', by: 'rita', step: 'selfie', label: 'SELFIE_UNCLEAR' },
        submittedAt: '2026-11-20T11:00:00.000Z',
        changedFields: [],
        changedPhotos: [{ docType: 'SELFIE', side: null, before: { id: 'old-selfie', earlier: true }, after: { id: 'new-selfie', earlier: false } }],
      },
      {
        attempt: 3,
        request: { at: '2026-11-21T10:00:00.000Z', by: 'rita', step: 'personal-data', label: null },
        submittedAt: '2026-11-21T11:00:00.000Z',
        changedFields: [
          { field: 'name', from: 'Ana Souza', to: 'Anna Souza' },
          { field: 'sex', from: null, to: 'F' },
        ],
        changedPhotos: [],
      },
    ];
    mockApi({ usersMe: { body: buildUser() }, applicantDecisionsReview: { body: buildReviewState({ attempt: 3, attempts }) } });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Attempts' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Attempt 3', 'Attempt 2', 'Attempt 1']);
    expect(items[0]).toHaveTextContent('rita asked to redo: Personal data');
    const fields = within(items[0]).getByRole('table', { name: 'Data changed in attempt 3' });
    expect(within(fields).getByRole('row', { name: /Name/ })).toHaveTextContent('Ana SouzaAnna Souza');
    expect(within(fields).getByRole('row', { name: /Sex/ })).toHaveTextContent('not providedFemale');
    expect(items[1]).toHaveTextContent('rita asked to redo: Selfie (SELFIE_UNCLEAR)');
    expect(within(items[1]).getByRole('img', { name: 'Selfie before attempt 2' })).toHaveAttribute(
      'src',
      expect.stringContaining(`/applicants/${applicant.userId}/earlier-images/old-selfie`),
    );
    expect(within(items[1]).getByRole('img', { name: 'Selfie in attempt 2' })).toHaveAttribute(
      'src',
      expect.stringContaining(`/applicants/${applicant.userId}/images/new-selfie`),
    );
    expect(items[2]).toHaveTextContent('The first submission.');
  });

  it('shows nothing while there is only the first attempt', async () => {
    mockApi({ usersMe: { body: buildUser() }, applicantDecisionsReview: { body: buildReviewState({ attempts: [FIRST] }) } });
    const view = renderSection();
    await waitFor(() => expect(view.queryClient.getQueryState(decisionKeys.review(ORGANIZATION_ID, applicant.userId))?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Attempts' })).not.toBeInTheDocument();
  });
});
