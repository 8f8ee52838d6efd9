import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { MemberDto, OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildOrganizationDetails, ORGANIZATION_ID } from '../testing/organization-id';
import { MembersPage } from './members-page';

const OWNER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const MEMBER_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
const MEMBERS: MemberDto[] = [
  { userId: OWNER_ID, username: 'alice', email: 'alice@example.com', role: 'owner', addedAt: '2026-11-01T00:00:00Z' },
  { userId: MEMBER_ID, username: 'bob', email: 'bob@example.com', role: 'member', addedAt: '2026-11-02T00:00:00Z' },
];

function serve(role: OrganizationDetailsDto['role'], me: string, added: MemberDto = MEMBERS[1]) {
  return mockApi({
    usersMe: { body: buildUser({ id: me, username: me === OWNER_ID ? 'alice' : 'bob' }) },
    organizationsGet: { body: buildOrganizationDetails({ role }) },
    membersList: { body: MEMBERS },
    membersAdd: { status: 201, body: added },
    membersRemove: { status: 204 },
  });
}

const ROUTE = '/dashboard/:organizationId/members';
const PATH = `/dashboard/${ORGANIZATION_ID}/members`;

describe('members', () => {
  it('lets the owner add by username or e-mail', async () => {
    const user = userEvent.setup();
    const api = serve('owner', OWNER_ID, { ...MEMBERS[1], username: 'carol' });
    renderPage(<MembersPage />, ROUTE, PATH);
    await user.type(await screen.findByLabelText('Username or e-mail'), 'carol@example.com');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await waitFor(() =>
      expect(api.callsTo('membersAdd').map((call) => [call.path, call.body])).toEqual([
        [{ id: ORGANIZATION_ID }, { usernameOrEmail: 'carol@example.com' }],
      ]),
    );
    expect(await screen.findByText('Added carol to the organization')).toBeInTheDocument();
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
    await waitFor(() =>
      expect(api.callsTo('membersRemove').map((call) => call.path)).toEqual([{ id: ORGANIZATION_ID, userId: MEMBER_ID }]),
    );
  });

  it('shows a member the list without the add form', async () => {
    serve('member', MEMBER_ID);
    renderPage(<MembersPage />, ROUTE, PATH);
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username or e-mail')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });
});
