import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { ORGANIZATION_ID } from '../../../testing/organization-id';
import { CreateOrganizationPage } from './create-organization-page';

describe('/dashboard/create', () => {
  it('requires a project name', async () => {
    const user = userEvent.setup();
    const api = mockApi();
    renderPage(<CreateOrganizationPage />, '/dashboard/create', '/dashboard/create');
    await user.click(await screen.findByRole('button', { name: 'Create organization' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('organizationsCreate')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/dashboard/select');
  });

  it('creates the organization, names it in a toast and opens its dashboard', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      organizationsCreate: { status: 201, body: { id: ORGANIZATION_ID, name: 'Acme', companyKey: 'pk_1', role: 'owner' } },
    });
    const { router } = renderPage(<CreateOrganizationPage />, '/dashboard/create', '/dashboard/create');
    await user.type(await screen.findByLabelText('Project name'), '  Acme ');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${ORGANIZATION_ID}`));
    expect(api.callsTo('organizationsCreate').map((call) => call.body)).toEqual([{ name: 'Acme' }]);
    expect(await screen.findByText('Successfully created organization Acme')).toBeInTheDocument();
  });

  it('shows the server message when creating fails', async () => {
    const user = userEvent.setup();
    mockApi({ organizationsCreate: apiError(403, 'PERMISSION_DENIED', 'Forbidden resource') });
    renderPage(<CreateOrganizationPage />, '/dashboard/create', '/dashboard/create');
    await user.type(await screen.findByLabelText('Project name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden resource');
  });
});
