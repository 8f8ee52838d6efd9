import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildOrganizationDetails, ORGANIZATION_ID } from '../testing/organization-id';
import { IntegrationPage, verificationLink } from './integration-page';

describe('integration', () => {
  it('builds the /kyc link from the company key and a user id', () => {
    expect(verificationLink('https://kyc.example.com', 'pk_abc', 'user 1')).toBe(
      'https://kyc.example.com/kyc?companyKey=pk_abc&userId=user+1',
    );
  });

  it('shows the company key and a ready verification link for the signed-in user', async () => {
    mockApi({
      usersMe: { body: buildUser({ id: 'u-42' }) },
      organizationsGet: ({ path }) => (path.id === ORGANIZATION_ID ? { body: buildOrganizationDetails({ companyKey: 'pk_live123' }) } : undefined),
    });
    renderPage(<IntegrationPage />, '/dashboard/:organizationId/integration', `/dashboard/${ORGANIZATION_ID}/integration`);
    expect(await screen.findByLabelText('Company key')).toHaveValue('pk_live123');
    expect(await screen.findByLabelText('Ready link')).toHaveValue(
      `${window.location.origin}/kyc?companyKey=pk_live123&userId=u-42`,
    );
    expect(screen.getByRole('button', { name: 'Copy company key' })).toBeInTheDocument();
  });
});
