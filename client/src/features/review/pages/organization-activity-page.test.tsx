import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { MemberDto, OrganizationActivityItemDto } from '../../../api/generated/types.gen';
import { apiError, mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { OrganizationActivityPage } from './organization-activity-page';

const ORGANIZATION_ID = '11111111-2222-4333-8444-555555555555';
const ROUTE = '/dashboard/:organizationId/activity';
const MEMBERS: MemberDto[] = [
  { userId: 'aaaaaaaa-0000-4000-8000-000000000001', username: 'alice', email: 'alice@example.com', role: 'owner', addedAt: '2026-11-01T00:00:00Z' },
  { userId: 'aaaaaaaa-0000-4000-8000-000000000002', username: 'bob', email: 'bob@example.com', role: 'member', addedAt: '2026-11-02T00:00:00Z' },
];
const ITEMS: OrganizationActivityItemDto[] = [
  {
    id: 'e2',
    action: 'applicant.rejected',
    actorId: MEMBERS[1].userId,
    actorName: 'bob',
    userId: 'usr_7',
    detail: { reason: 'Blurred', rejectType: 'final' },
    createdAt: '2026-11-20T10:00:00Z',
  },
  { id: 'e1', action: 'member.added', actorId: MEMBERS[1].userId, actorName: 'bob', userId: null, detail: null, createdAt: '2026-11-19T10:00:00Z' },
];

describe('/dashboard/:organizationId/activity', () => {
  it('lists who did what, linking each applicant, and pages with Newer/Older', async () => {
    const user = userEvent.setup();
    const api = mockApi({ membersList: { body: MEMBERS }, organizationActivityList: { body: { items: ITEMS, page: 1, pageSize: 50, hasNextPage: true } } });
    const { router } = renderPage(<OrganizationActivityPage />, ROUTE, `/dashboard/${ORGANIZATION_ID}/activity`);
    const table = await screen.findByRole('table', { name: 'Activity entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['bob', 'Rejected', 'usr_7', 'Blurred (final)'],
      ['bob', 'Joined as a member', '—', ''],
    ]);
    expect(within(table).getByRole('link', { name: 'usr_7' })).toHaveAttribute('href', `/dashboard/${ORGANIZATION_ID}/applicants/usr_7`);
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(api.callsTo('organizationActivityList').at(-1)?.query).toEqual({ page: '2', pageSize: '50' });
  });

  it('applies filters from the form to the address and the query, and reads them back from the address', async () => {
    const user = userEvent.setup();
    const api = mockApi({ membersList: { body: MEMBERS }, organizationActivityList: { body: { items: [], page: 1, pageSize: 50, hasNextPage: false } } });
    const { router } = renderPage(<OrganizationActivityPage />, ROUTE, `/dashboard/${ORGANIZATION_ID}/activity?page=3`);
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'bob' });
    await user.selectOptions(screen.getByLabelText('Person'), 'bob');
    await user.selectOptions(screen.getByLabelText('Action'), 'Rejected');
    await user.type(screen.getByLabelText('Applicant (User ID)'), 'usr_7');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        actorId: MEMBERS[1].userId,
        action: 'applicant.rejected',
        userId: 'usr_7',
        from: '2026-11-01',
      }),
    );
    expect(api.callsTo('organizationActivityList').at(-1)?.query).toEqual({
      page: '1',
      pageSize: '50',
      actorId: MEMBERS[1].userId,
      action: 'applicant.rejected',
      userId: 'usr_7',
      from: new Date(2026, 10, 1).toISOString(),
    });
    expect(screen.getByLabelText('Person')).toHaveValue(MEMBERS[1].userId);
  });

  it('tells a member the screen is the owner’s', async () => {
    mockApi({
      membersList: { body: MEMBERS },
      organizationActivityList: apiError(403, 'MEMBERS_OWNER_ONLY', 'Only the owner of the organization can manage its members'),
    });
    renderPage(<OrganizationActivityPage />, ROUTE, `/dashboard/${ORGANIZATION_ID}/activity`);
    expect(await screen.findByText('Only the owner of this organization (or a super-admin) sees its activity.')).toBeInTheDocument();
  });
});
