import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildApplicantPage, ORGANIZATION_ID } from '../../../testing/applicant-factory';
import { SEARCH_DEBOUNCE_MS } from '../components/search-box';
import { ApplicantsListPage } from './applicants-list-page';

const ROUTE = '/dashboard/:organizationId/applicants';
const PAGE_PATH = `/dashboard/${ORGANIZATION_ID}/applicants`;

/** Answers the list from 60 applicants at whatever page and size is asked; records each query. */
function serveApplicants(total = 60) {
  const api = mockApi({
    usersMe: { body: buildUser() },
    applicantsList: ({ path, query }) =>
      path.id === ORGANIZATION_ID ? { body: buildApplicantPage(Number(query.page), Number(query.pageSize), 'search' in query ? 3 : total) } : undefined,
  });
  const queries = () => api.callsTo('applicantsList').map((call) => call.query);
  return { ...api, queries, last: () => queries().at(-1)! };
}

function rowNumbers(): string[] {
  const table = screen.getByRole('table', { name: 'Applicants' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent ?? '');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('applicants list', () => {
  it('asks for page 1, 25 per page, by userId descending, and numbers the rows', async () => {
    const api = serveApplicants();
    renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByRole('heading', { name: 'Applicants' })).toBeInTheDocument();
    await screen.findByText('user-0001');
    expect(api.last()).toEqual({ page: '1', pageSize: '25', orderBy: 'userId', orderDirection: 'desc' });
    expect(rowNumbers().slice(0, 3)).toEqual(['1', '2', '3']);
    expect(screen.getByLabelText('Items per page')).toHaveValue('25');
  });

  it("gives the table the focus when 'Skip to the queue' lands on it: the next Tabs are its sort buttons, then its rows", async () => {
    const user = userEvent.setup();
    serveApplicants();
    renderPage(<ApplicantsListPage />, ROUTE, `${PAGE_PATH}?status=queued#queue`);
    await screen.findByText('user-0001');
    const queue = screen.getByRole('region', { name: 'Applicants' });
    await waitFor(() => expect(queue).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'User ID' })).toHaveFocus();
  });

  it('keeps numbering rows across pages', async () => {
    const user = userEvent.setup();
    const api = serveApplicants();
    const { router } = renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
    await screen.findByText('user-0001');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('user-0051');
    expect(api.last().page).toBe('3');
    expect(rowNumbers()).toEqual(Array.from({ length: 10 }, (_, index) => String(51 + index)));
    expect(router.state.location.search).toBe('?page=3');
  });

  it('keeps the previous page on screen, dimmed, while the next one loads', async () => {
    const user = userEvent.setup();
    const api = serveApplicants();
    renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
    await screen.findByText('user-0001');

    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      await gate;
      return answer(input, init);
    });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('user-0001')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Applicants' })).toHaveClass('table-fetching');

    release();
    await screen.findByText('user-0026');
    expect(rowNumbers()[0]).toBe('26');
    expect(screen.getByRole('table', { name: 'Applicants' })).not.toHaveClass('table-fetching');
  });

  it('turns a header click into orderBy and orderDirection, and a third click clears both', async () => {
    const user = userEvent.setup();
    const api = serveApplicants();
    const { router } = renderPage(<ApplicantsListPage />, ROUTE, `${PAGE_PATH}?page=2`);
    await screen.findByText('user-0026');

    await user.click(screen.getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(api.last()).toMatchObject({ orderBy: 'kycStatus', orderDirection: 'desc', page: '1' }));

    await user.click(screen.getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(api.last()).toMatchObject({ orderBy: 'kycStatus', orderDirection: 'asc' }));
    expect(new URLSearchParams(router.state.location.search).get('orderDirection')).toBe('asc');

    await user.click(screen.getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(api.last()).not.toHaveProperty('orderBy'));
    expect(api.last()).not.toHaveProperty('orderDirection');
  });

  it('searches after a pause in typing and starts again at page 1', async () => {
    const api = serveApplicants();
    const { router } = renderPage(<ApplicantsListPage />, ROUTE, `${PAGE_PATH}?page=2`);
    await screen.findByText('user-0026');
    const requestsBefore = api.queries().length;

    vi.useFakeTimers();
    const input = screen.getByRole('searchbox', { name: 'Search applicants' });
    fireEvent.change(input, { target: { value: 'm' } });
    fireEvent.change(input, { target: { value: 'ma' } });
    fireEvent.change(input, { target: { value: 'mar' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(api.queries().length).toBe(requestsBefore);
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();

    await waitFor(() => expect(api.last()).toMatchObject({ search: 'mar', page: '1' }));
    expect(api.queries().filter((query) => 'search' in query)).toHaveLength(1);
    expect(router.state.location.search).toBe('?search=mar');
  });

  it('does not send a search shorter than three characters, and says why', async () => {
    const api = serveApplicants();
    renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
    await screen.findByText('user-0001');
    const input = screen.getByRole('searchbox', { name: 'Search applicants' });

    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: ' ma ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    vi.useRealTimers();

    expect(api.queries().filter((query) => 'search' in query)).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 3 characters to search');
    expect(input).toHaveAccessibleDescription('Type at least 3 characters to search');
  });

  it('changing the page size starts again at page 1', async () => {
    const user = userEvent.setup();
    const api = serveApplicants();
    renderPage(<ApplicantsListPage />, ROUTE, `${PAGE_PATH}?page=2`);
    await screen.findByText('user-0026');
    await user.selectOptions(screen.getByLabelText('Items per page'), '50');
    await waitFor(() => expect(api.last()).toMatchObject({ page: '1', pageSize: '50' }));
  });

  it("says 'Nothing to display' when nothing matches", async () => {
    mockApi({ usersMe: { body: buildUser() }, applicantsList: { body: buildApplicantPage(1, 25, 0) } });
    renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByText('Nothing to display')).toBeInTheDocument();
  });

  it('opens the details when a row is clicked', async () => {
    const user = userEvent.setup();
    serveApplicants();
    const { router } = renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
    await user.click(await screen.findByText('user-0002'));
    expect(router.state.location.pathname).toBe(`${PAGE_PATH}/user-0002`);
  });

  describe('as a work queue', () => {
    it('filters through the address: the API gets the filter, page 1, and reload keeps it', async () => {
      const user = userEvent.setup();
      const api = serveApplicants();
      const { router } = renderPage(<ApplicantsListPage />, ROUTE, `${PAGE_PATH}?page=2`);
      await screen.findByText('user-0026');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'Unassigned');
      await waitFor(() => expect(api.last()).toMatchObject({ page: '1', assignee: 'unassigned' }));
      expect(router.state.location.search).toBe('?assignee=unassigned');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Review answer' }), 'Rejected');
      await waitFor(() => expect(api.last()).toMatchObject({ assignee: 'unassigned', reviewAnswer: 'rejected' }));
      expect(screen.getByText('(2 active)')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });

    it('tells approved from rejected in the Status cell by default, and shows the assignee and flags', async () => {
      const page = buildApplicantPage(1, 25, 3);
      page.items[0] = { ...page.items[0], kycStatus: 'completed', reviewAnswer: 'approved' };
      page.items[1] = { ...page.items[1], kycStatus: 'completed', reviewAnswer: 'rejected', assignee: { id: 'u-1', name: 'rita' } };
      page.items[2] = { ...page.items[2], flaggedChecks: ['face-match'] };
      mockApi({ usersMe: { body: buildUser() }, applicantsList: { body: page } });
      renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
      const table = await screen.findByRole('table', { name: 'Applicants' });
      await within(table).findByText('✓ Approved');
      expect(within(table).getByText('✕ Rejected')).toBeInTheDocument();
      expect(within(table).getByText('rita')).toBeInTheDocument();
      expect(within(table).getByText('Face mismatch')).toBeInTheDocument();
      expect(within(table).queryByRole('columnheader', { name: 'Review answer' })).not.toBeInTheDocument();
    });

    it('shows the age of each case, marks those awaiting a decision past the SLA, and filters them out', async () => {
      const user = userEvent.setup();
      const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
      const page = buildApplicantPage(1, 25, 3);
      page.items[0] = { ...page.items[0], kycStatus: 'queued', submittedAt: hoursAgo(30) };
      page.items[1] = { ...page.items[1], kycStatus: 'completed', reviewAnswer: 'approved', submittedAt: hoursAgo(50) };
      page.items[2] = { ...page.items[2], kycStatus: 'onHold', submittedAt: hoursAgo(5) };
      const api = mockApi({
        usersMe: { body: buildUser() },
        applicantsList: { body: page },
        reviewSettingsSettings: { body: { fourEyes: 'off', slaHours: 24, undoWindowSeconds: 30 } },
      });
      const { router } = renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
      const table = await screen.findByRole('table', { name: 'Applicants' });
      await within(table).findByText('Over SLA');
      const ages = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[4].textContent);
      expect(ages).toEqual(['30 hOver SLA', '2 d 2 h', '5 h']);
      await user.selectOptions(screen.getByRole('combobox', { name: 'SLA' }), 'Over SLA (24 h)');
      await waitFor(() => expect(router.state.location.search).toBe('?sla=breached'));
      await waitFor(() => expect(api.callsTo('applicantsList').at(-1)?.query).toMatchObject({ sla: 'breached', page: '1' }));
    });

    it('"Next unassigned" assigns the next one in the current filter (not its order: the oldest waiting) and opens it with the list address', async () => {
      const user = userEvent.setup();
      const next = buildApplicantPage(1, 1, 1, () => 'user-0042').items[0];
      const api = mockApi({
        usersMe: { body: buildUser() },
        applicantsList: ({ query }) => ({ body: buildApplicantPage(Number(query.page), Number(query.pageSize), 5) }),
        assignmentNextUnassigned: { body: { item: next } },
      });
      const { router } = renderPage(<ApplicantsListPage />, ROUTE, `${PAGE_PATH}?flagged=any`);
      await screen.findByText('user-0001');
      await user.click(screen.getByRole('button', { name: 'Next unassigned' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE_PATH}/user-0042`));
      expect(router.state.location.search).toBe('?flagged=any');
      expect(api.callsTo('assignmentNextUnassigned')[0].query).toEqual({ flagged: 'any' });
    });

    it('filters by one member, listed by name', async () => {
      const user = userEvent.setup();
      const memberId = '99999999-0000-4000-8000-000000000001';
      const api = mockApi({
        usersMe: { body: buildUser() },
        applicantsList: ({ query }) => ({ body: buildApplicantPage(Number(query.page), Number(query.pageSize), 5) }),
        membersList: { body: [{ userId: memberId, username: 'rita', email: 'rita@example.com', role: 'member', addedAt: '2026-11-01T10:00:00.000Z' }] },
      });
      const { router } = renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
      await screen.findByText('user-0001');
      await waitFor(() => expect(api.callsTo('membersList')).toHaveLength(1));
      const assignee = screen.getByRole('combobox', { name: 'Assignee' });
      await waitFor(() => expect(within(assignee).getByText('Assigned to rita')).toBeInTheDocument());
      await user.selectOptions(assignee, 'Assigned to rita');
      await waitFor(() => expect(api.callsTo('applicantsList').at(-1)?.query).toMatchObject({ assignee: memberId }));
      expect(router.state.location.search).toBe(`?assignee=${memberId}`);
    });

    it('saves the chosen columns for the person', async () => {
      const user = userEvent.setup();
      const api = mockApi({
        usersMe: { body: buildUser() },
        applicantsList: ({ query }) => ({ body: buildApplicantPage(Number(query.page), Number(query.pageSize), 5) }),
        userPreferencesGet: { body: {} },
        userPreferencesUpdate: ({ body }) => ({ body: body ?? {} }),
      });
      renderPage(<ApplicantsListPage />, ROUTE, PAGE_PATH);
      await screen.findByText('user-0001');
      await user.click(screen.getByText('Columns'));
      await user.click(screen.getByRole('checkbox', { name: 'Country' }));
      await waitFor(() => expect(api.callsTo('userPreferencesUpdate')).toHaveLength(1));
      expect(api.callsTo('userPreferencesUpdate')[0].body).toEqual({
        applicantListColumns: ['userId', 'name', 'country', 'kycStatus', 'age', 'documentType', 'flaggedChecks', 'assignee'],
      });
      expect(await screen.findByRole('columnheader', { name: 'Country' })).toBeInTheDocument();
    });
  });
});
