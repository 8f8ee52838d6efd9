import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { OrganizationDto, ReceivedInvitationDto } from '../../../api/generated/types.gen';
import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { paths } from '../../../config/paths';
import { SelectOrganizationPage } from './select-organization-page';

function organizations(count: number): OrganizationDto[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    name: `Organization ${index + 1}`,
    companyKey: `pk_${index}`,
    role: 'owner',
  }));
}

function serve(list: OrganizationDto[]) {
  mockApi({ organizationsList: { body: list } });
}

describe('/dashboard/select', () => {
  it('lists the first 3 organizations, each linking to its dashboard, with Expand/Hide for the rest', async () => {
    const user = userEvent.setup();
    serve(organizations(5));
    renderPage(<SelectOrganizationPage />, '/dashboard/select', '/dashboard/select');

    expect(await screen.findByRole('heading', { name: 'Your organizations' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: /Organization 1/ })).toHaveAttribute('href', '/dashboard/00000000-0000-4000-8000-000000000000');

    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(within(list).getAllByRole('link')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(within(list).getAllByRole('link')).toHaveLength(3);
  });

  it('has no toggle with 3 or fewer', async () => {
    serve(organizations(3));
    renderPage(<SelectOrganizationPage />, '/dashboard/select', '/dashboard/select');
    await screen.findByRole('link', { name: /Organization 3/ });
    expect(screen.queryByRole('button', { name: 'Expand' })).not.toBeInTheDocument();
  });

  it("says 'No organizations found!' with a create button when there are none", async () => {
    serve([]);
    renderPage(<SelectOrganizationPage />, '/dashboard/select', '/dashboard/select');
    expect(await screen.findByText('No organizations found!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create organization' })).toHaveAttribute('href', '/dashboard/create');
    expect(screen.getByRole('link', { name: 'New' })).toHaveAttribute('href', '/dashboard/create');
  });

  describe('invitations', () => {
    const INVITATION: ReceivedInvitationDto = {
      id: 'cccccccc-0000-4000-8000-000000000001',
      organizationId: '00000000-0000-4000-8000-0000000000aa',
      organizationName: 'Acme Bank',
      invitedBy: 'alice',
      createdAt: '2026-11-20T00:00:00Z',
      expiresAt: '2026-11-27T00:00:00Z',
    };

    it('shows who invited the user where, and opens the organization once accepted', async () => {
      const user = userEvent.setup();
      const api = mockApi({
        organizationsList: { body: [] },
        invitationsList: { body: [INVITATION] },
        invitationsAccept: { body: { organizationId: INVITATION.organizationId } },
      });
      const { router } = renderPage(<SelectOrganizationPage />, '/dashboard/select', '/dashboard/select');
      expect(await screen.findByRole('heading', { name: 'Invitations' })).toBeInTheDocument();
      expect(screen.getByText(/alice invited you/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Accept the invitation to Acme Bank' }));
      await waitFor(() => expect(api.callsTo('invitationsAccept').map((call) => call.path)).toEqual([{ id: INVITATION.id }]));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.organization(INVITATION.organizationId)));
    });

    it('declines, and the invitation leaves the page', async () => {
      const user = userEvent.setup();
      let pending = [INVITATION];
      const api = mockApi({
        organizationsList: { body: [] },
        invitationsList: () => ({ body: pending }),
        invitationsDecline: () => {
          pending = [];
          return { status: 204 };
        },
      });
      renderPage(<SelectOrganizationPage />, '/dashboard/select', '/dashboard/select');
      await user.click(await screen.findByRole('button', { name: 'Decline the invitation to Acme Bank' }));
      await waitFor(() => expect(api.callsTo('invitationsDecline')).toHaveLength(1));
      expect(await screen.findByText('Declined the invitation to Acme Bank')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument());
    });
  });
});
