import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '../../../testing/mock-fetch';
import { renderPage } from '../../../testing/render-page';
import { ORGANIZATION_ID } from '../testing/organization-id';
import { CreateOrganizationPage } from './create-organization-page';

describe('/dashboard/create', () => {
  it('requires a project name', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(() => undefined);
    renderPage(<CreateOrganizationPage />, '/dashboard/create', '/dashboard/create');
    await user.click(await screen.findByRole('button', { name: 'Create organization' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/dashboard/select');
  });

  it('creates the organization, names it in a toast and opens its dashboard', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/projects' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return { status: 201, body: { id: ORGANIZATION_ID, name: 'Acme', companyKey: 'pk_1', role: 'owner' } };
      }
      return undefined;
    });
    const { router } = renderPage(<CreateOrganizationPage />, '/dashboard/create', '/dashboard/create');
    await user.type(await screen.findByLabelText('Project name'), '  Acme ');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${ORGANIZATION_ID}`));
    expect(bodies).toEqual([{ name: 'Acme' }]);
    expect(await screen.findByText('Successfully created organization Acme')).toBeInTheDocument();
  });

  it('shows the server message when creating fails', async () => {
    const user = userEvent.setup();
    mockFetch((url) =>
      url === '/api/projects' ? { status: 403, body: { statusCode: 403, message: 'Forbidden resource' } } : undefined,
    );
    renderPage(<CreateOrganizationPage />, '/dashboard/create', '/dashboard/create');
    await user.type(await screen.findByLabelText('Project name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden resource');
  });
});
