import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

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

describe('EarlierAttempts', () => {
  it("shows each earlier attempt's replaced photos, captioned", async () => {
    const image = {
      id: 'old-selfie',
      attempt: 1,
      docType: 'SELFIE',
      side: null,
      uploadedAt: '2026-11-20T09:00:00.000Z',
      supersededAt: '2026-11-20T10:00:00.000Z',
    };
    mockApi({ usersMe: { body: buildUser() }, applicantDecisionsReview: { body: buildReviewState({ attempt: 2, earlierImages: [image] }) } });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Earlier attempts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Attempt 1' })).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Selfie (attempt 1)' });
    expect(img).toHaveAttribute('src', expect.stringContaining(`/applicants/${applicant.userId}/earlier-images/old-selfie`));
  });

  it('shows nothing when no photo was replaced', async () => {
    mockApi({ usersMe: { body: buildUser() }, applicantDecisionsReview: { body: buildReviewState() } });
    const view = renderSection();
    await waitFor(() => expect(view.queryClient.getQueryState(decisionKeys.review(ORGANIZATION_ID, applicant.userId))?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Earlier attempts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
