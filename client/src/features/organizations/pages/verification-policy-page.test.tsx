import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { VerificationPolicyDetailsDto } from '../../../api/generated/types.gen';
import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildOrganizationDetails, ORGANIZATION_ID } from '../../../testing/organization-id';
import { VerificationPolicyPage } from './verification-policy-page';

const ROUTE = '/dashboard/:organizationId/integration/policy';
const PAGE = `/dashboard/${ORGANIZATION_ID}/integration/policy`;

const DEFAULT: VerificationPolicyDetailsDto = {
  requiredChecks: [
    'document-read',
    'data-matches-document',
    'face-match',
    'liveness',
    'duplicate-face',
    'sanctions-screening',
    'adult',
    'document-not-expired',
  ],
  autoApprove: false,
  requireDocumentRead: true,
  autoReject: false,
  faceMatchThreshold: null,
  screeningThreshold: 0.9,
  queueOnDocumentSignals: ['screen', 'print', 'edited'],
  customized: false,
  updatedBy: null,
  updatedAt: null,
};

function serve(role: 'owner' | 'member' = 'owner') {
  return mockApi({
    usersMe: { body: buildUser({ role: 'kyc' }) },
    organizationsGet: { body: buildOrganizationDetails({ role }) },
    verificationPolicyGet: { body: DEFAULT },
    verificationPolicySet: ({ body }) => ({ body: { ...body!, customized: true, updatedBy: 'alice', updatedAt: '2026-11-20T10:00:00.000Z' } }),
  });
}

describe('the verification policy page', () => {
  it('shows the default policy: every check required, no automatic decision', async () => {
    serve();
    renderPage(<VerificationPolicyPage />, ROUTE, PAGE);
    const form = await screen.findByRole('form', { name: 'Verification policy' });
    expect(screen.getByText('The default policy: every check is looked at and every verification waits for a person.')).toBeInTheDocument();
    for (const label of ['Document readable (machine-readable zone or barcode read)', 'Sanctions clear', 'Document not expired', 'Applicant is an adult']) {
      expect(within(form).getByLabelText(label)).toBeChecked();
    }
    expect(within(form).getByLabelText(/^Approve automatically/)).not.toBeChecked();
    expect(within(form).getByLabelText(/^Reject automatically/)).not.toBeChecked();
    expect(within(form).getByLabelText(/^Require the document read/)).toBeChecked();
    expect(within(form).getByLabelText('Sanctions screening threshold')).toHaveValue(0.9);
    expect(within(form).getByLabelText('Face match threshold (optional)')).toHaveValue(null);
  });

  it('lets the owner choose the required checks, automatic decisions and thresholds, and saves them', async () => {
    const api = serve();
    renderPage(<VerificationPolicyPage />, ROUTE, PAGE);
    const form = await screen.findByRole('form', { name: 'Verification policy' });
    await userEvent.click(within(form).getByLabelText('Liveness challenge (head turn) passed'));
    await userEvent.click(within(form).getByLabelText(/^Approve automatically/));
    await userEvent.click(within(form).getByLabelText(/^Reject automatically/));
    await userEvent.click(within(form).getByLabelText(/^Require the document read/));
    // Queue on a suspected screen capture only.
    expect(within(form).getByLabelText(/^Queue when a screen capture is suspected/)).toBeChecked();
    await userEvent.click(within(form).getByLabelText(/^Queue when a print or photocopy is suspected/));
    await userEvent.click(within(form).getByLabelText(/^Queue when an edited image is suspected/));
    // Injection signals: all three by default; a file chosen instead of the camera is let through.
    expect(within(form).getByLabelText(/^Queue when the camera is a virtual camera/)).toBeChecked();
    await userEvent.click(within(form).getByLabelText(/^Queue when a file was chosen instead of the camera/));
    await userEvent.click(within(form).getByLabelText('Ask a second reviewer to confirm every approval past flags'));
    await userEvent.type(within(form).getByLabelText('Face match threshold (optional)'), '0.75');
    const screening = within(form).getByLabelText('Sanctions screening threshold');
    await userEvent.clear(screening);
    await userEvent.type(screening, '0.85');
    await userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Saved the verification policy')).toBeInTheDocument();
    expect(api.calls.find((call) => call.operation === 'verificationPolicySet')?.body).toEqual({
      requiredChecks: ['document-read', 'data-matches-document', 'face-match', 'duplicate-face', 'sanctions-screening', 'adult', 'document-not-expired'],
      autoApprove: true,
      requireDocumentRead: false,
      autoReject: true,
      secondReviewerForOverrides: true,
      faceMatchThreshold: 0.75,
      screeningThreshold: 0.85,
      queueOnDocumentSignals: ['screen'],
      queueOnInjectionSignals: ['virtual-camera', 'frame-timing'],
    });
    expect(await screen.findByText(/^Last changed by alice/)).toBeInTheDocument();
  }, 15_000);

  it('refuses thresholds out of range before sending', async () => {
    const api = serve();
    renderPage(<VerificationPolicyPage />, ROUTE, PAGE);
    const form = await screen.findByRole('form', { name: 'Verification policy' });
    await userEvent.type(within(form).getByLabelText('Face match threshold (optional)'), '1.5');
    const screening = within(form).getByLabelText('Sanctions screening threshold');
    await userEvent.clear(screening);
    await userEvent.type(screening, '0.2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(within(form).getByText('A similarity from 0 to 1, or empty for the analysis’s own')).toBeInTheDocument();
    expect(within(form).getByText('A score from 0.5 to 1')).toBeInTheDocument();
    expect(api.calls.some((call) => call.operation === 'verificationPolicySet')).toBe(false);
  }, 15_000);

  it('shows a member the policy without letting them change it', async () => {
    serve('member');
    renderPage(<VerificationPolicyPage />, ROUTE, PAGE);
    const form = await screen.findByRole('form', { name: 'Verification policy' });
    expect(within(form).getByText('Only the owner of the organization can change the policy.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Sanctions clear')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save policy' })).not.toBeInTheDocument();
  });
});
