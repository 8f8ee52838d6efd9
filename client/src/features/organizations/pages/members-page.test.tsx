import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { InvitationDto, MemberDto, OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { apiError, mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildOrganizationDetails, ORGANIZATION_ID } from '../../../testing/organization-id';
import { MembersPage } from './members-page';

const OWNER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const MEMBER_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
const MEMBERS: MemberDto[] = [
  { userId: OWNER_ID, username: 'alice', email: 'alice@example.com', role: 'owner', addedAt: '2026-11-01T00:00:00Z' },
  { userId: MEMBER_ID, username: 'bob', email: 'bob@example.com', role: 'member', addedAt: '2026-11-02T00:00:00Z' },
];

const INVITATION: InvitationDto = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  invitee: 'carol@example.com',
  invitedBy: 'alice',
  createdAt: '2026-11-20T00:00:00Z',
  expiresAt: '2026-11-27T00:00:00Z',
  expired: false,
};

function serve(role: OrganizationDetailsDto['role'], me: string, invitations: InvitationDto[] = []) {
  return mockApi({
    usersMe: { body: buildUser({ id: me, username: me === OWNER_ID ? 'alice' : 'bob' }) },
    organizationsGet: { body: buildOrganizationDetails({ role }) },
    membersList: { body: MEMBERS },
    membersRemove: { status: 204 },
    organizationInvitationsList: { body: invitations },
    organizationInvitationsInvite: { status: 201, body: INVITATION },
    organizationInvitationsRevoke: { status: 204 },
  });
}

const ROUTE = '/dashboard/:organizationId/members';
const PATH = `/dashboard/${ORGANIZATION_ID}/members`;

describe('members', () => {
  it('lets the owner invite by username or e-mail, and says the invitation went out', async () => {
    const user = userEvent.setup();
    const api = serve('owner', OWNER_ID);
    renderPage(<MembersPage />, ROUTE, PATH);
    expect(await screen.findByText('No invitations are waiting for an answer.')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Username or e-mail'), 'carol@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(api.callsTo('organizationInvitationsInvite').map((call) => [call.path, call.body])).toEqual([
        [{ id: ORGANIZATION_ID }, { usernameOrEmail: 'carol@example.com' }],
      ]),
    );
    expect(await screen.findByText('Invitation sent to carol@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or e-mail')).toHaveValue('');
  });

  it('shows the reason when an invitation is refused', async () => {
    const user = userEvent.setup();
    mockApi({
      usersMe: { body: buildUser({ id: OWNER_ID, username: 'alice' }) },
      organizationsGet: { body: buildOrganizationDetails({ role: 'owner' }) },
      membersList: { body: MEMBERS },
      organizationInvitationsList: { body: [] },
      organizationInvitationsInvite: apiError(
        409,
        'INVITATION_PENDING',
        'An invitation to that username or e-mail is already pending; revoke it to invite again',
      ),
    });
    renderPage(<MembersPage />, ROUTE, PATH);
    await user.type(await screen.findByLabelText('Username or e-mail'), 'carol');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already pending');
  });

  it('lists pending invitations, flags expired ones, and revokes one', async () => {
    const user = userEvent.setup();
    const expired = { ...INVITATION, id: 'bbbbbbbb-0000-4000-8000-000000000002', invitee: 'dave', expired: true };
    const api = serve('owner', OWNER_ID, [INVITATION, expired]);
    renderPage(<MembersPage />, ROUTE, PATH);
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(table).getByText('carol@example.com')).toBeInTheDocument();
    expect(within(table).getByText('Expired — invite again')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Revoke the invitation to carol@example.com' }));
    await waitFor(() =>
      expect(api.callsTo('organizationInvitationsRevoke').map((call) => call.path)).toEqual([{ id: ORGANIZATION_ID, invitationId: INVITATION.id }]),
    );
    expect(await screen.findByText('Revoked the invitation to carol@example.com')).toBeInTheDocument();
  });

  it('lets the owner remove a member after confirming, but never the owner', async () => {
    const user = userEvent.setup();
    const api = serve('owner', OWNER_ID);
    renderPage(<MembersPage />, ROUTE, PATH);
    const bobRow = (await screen.findByText('bob')).closest('tr')!;
    const aliceRow = screen.getByText('alice').closest('tr')!;
    expect(within(aliceRow).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(bobRow).getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove member' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('membersRemove').map((call) => call.path)).toEqual([{ id: ORGANIZATION_ID, userId: MEMBER_ID }]));
  });

  it('shows a member the list without the invitation form or the pending invitations', async () => {
    const api = serve('member', MEMBER_ID);
    renderPage(<MembersPage />, ROUTE, PATH);
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username or e-mail')).not.toBeInTheDocument();
    expect(screen.queryByText('Pending invitations')).not.toBeInTheDocument();
    expect(api.callsTo('organizationInvitationsList')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });
});
