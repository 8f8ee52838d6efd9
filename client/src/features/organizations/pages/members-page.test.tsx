import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { MemberDto, ProjectDetailsDto } from '../../../api/generated/types.gen';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { ORGANIZATION_ID } from '../testing/organization-id';
import { MembersPage } from './members-page';

const OWNER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const MEMBER_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
const MEMBERS: MemberDto[] = [
  { userId: OWNER_ID, username: 'alice', email: 'alice@example.com', role: 'owner', addedAt: '2026-11-01T00:00:00Z' },
  { userId: MEMBER_ID, username: 'bob', email: 'bob@example.com', role: 'member', addedAt: '2026-11-02T00:00:00Z' },
];

function serve(role: ProjectDetailsDto['role'], me: string, onWrite: (url: string, init: RequestInit) => unknown = () => ({})) {
  return mockFetch((url, init) => {
    if (url === '/api/users/me') return { body: buildUser({ id: me, username: me === OWNER_ID ? 'alice' : 'bob' }) };
    if (url === `/api/projects/${ORGANIZATION_ID}`) {
      return { body: { id: ORGANIZATION_ID, name: 'Acme', companyKey: 'pk_1', role, ownerUsername: 'alice', isOwner: role === 'owner', createdAt: '2026-11-01T00:00:00Z' } };
    }
    if (url.startsWith(`/api/projects/${ORGANIZATION_ID}/members`)) {
      if (init?.method && init.method !== 'GET') return { status: init.method === 'DELETE' ? 204 : 201, body: onWrite(url, init) };
      return { body: MEMBERS };
    }
    return undefined;
  });
}

const ROUTE = '/dashboard/:organizationId/members';
const PATH = `/dashboard/${ORGANIZATION_ID}/members`;

describe('members', () => {
  it('lets the owner add by username or e-mail', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    serve('owner', OWNER_ID, (_url, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return { ...MEMBERS[1], username: 'carol' };
    });
    renderPage(<MembersPage />, ROUTE, PATH);
    await user.type(await screen.findByLabelText('Username or e-mail'), 'carol@example.com');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(bodies).toEqual([{ usernameOrEmail: 'carol@example.com' }]));
    expect(await screen.findByText('Added carol to the organization')).toBeInTheDocument();
  });

  it('lets the owner remove a member after confirming, but never the owner', async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    serve('owner', OWNER_ID, (url) => {
      deleted.push(url);
      return undefined;
    });
    renderPage(<MembersPage />, ROUTE, PATH);
    const bobRow = (await screen.findByText('bob')).closest('tr')!;
    const aliceRow = screen.getByText('alice').closest('tr')!;
    expect(within(aliceRow).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(bobRow).getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove member' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual([`/api/projects/${ORGANIZATION_ID}/members/${MEMBER_ID}`]));
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
