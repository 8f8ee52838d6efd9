import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApplicantCheckDto } from '../../../api/generated/types.gen';
import { applicantKeys } from '../../../api/query-keys';
import { applicantChecksList } from '../../../api/sdk';
import { apiError, mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { ORGANIZATION_ID } from '../../../testing/applicant-factory';
import { ScreeningPanel } from './screening-panel';

const HIT = {
  key: 'ofac-sdn:9101',
  list: 'ofac-sdn',
  externalId: '9101',
  name: 'Viktor Ivanovich KOVALENKO',
  matchedName: 'Victor KOVALENKO',
  aliases: ['Victor KOVALENKO', 'Viktor KOVALENKO'],
  datesOfBirth: ['1961-03-14'],
  nationalities: ['RU'],
  programmes: ['UKRAINE-EO13660', 'RUSSIA-EO14024'],
  score: 0.974,
  nameScore: 0.9,
  dateOfBirth: 'exact',
  nationality: 'match',
  matchedFields: ['name', 'dateOfBirth', 'nationality'],
  review: null,
};

const check = (fields: Partial<ApplicantCheckDto>): ApplicantCheckDto => ({
  name: 'sanctions-screening',
  verdict: 'needs-review',
  passed: false,
  score: 0.974,
  detail: '1 possible match on the sanctions lists: Viktor Ivanovich KOVALENKO (OFAC SDN, 0.97)',
  evidence: {
    status: 'screened',
    threshold: 0.9,
    lists: [{ source: 'ofac-sdn', version: null }],
    fingerprint: 'f',
    screened: { name: 'Victor Kovalenko', dateOfBirth: '1961-03-14', nationality: 'UA' },
    hits: [HIT],
  },
  createdAt: '2026-11-01T10:00:01.000Z',
  ...fields,
});
const NO_LISTS = check({
  verdict: 'unavailable',
  score: null,
  detail: 'No sanctions list is imported: the applicant was not screened',
  evidence: { status: 'no-lists', threshold: 0.9, lists: [], fingerprint: 'f', hits: [] },
});

/** The panel fed by the checks query, as the applicant page feeds it. */
function PanelWithChecks() {
  const { data } = useQuery({
    queryKey: applicantKeys.checks(ORGANIZATION_ID, 'user-0001'),
    queryFn: async () => (await applicantChecksList({ path: { id: ORGANIZATION_ID, userId: 'user-0001' } })).data,
  });
  return <ScreeningPanel check={data?.[0]} submitted={data !== undefined} canUpdate organizationId={ORGANIZATION_ID} userId="user-0001" />;
}

function renderPanel(props: { check: ApplicantCheckDto | undefined; submitted?: boolean; canUpdate?: boolean }) {
  return renderPage(
    <ScreeningPanel check={props.check} submitted={props.submitted} canUpdate={props.canUpdate ?? true} organizationId={ORGANIZATION_ID} userId="user-0001" />,
    '/panel',
    '/panel',
  );
}

describe('ScreeningPanel', () => {
  it('shows the listed entry beside the applicant’s values: dates of birth, nationality, other names, programmes and the list’s id', async () => {
    mockApi({ usersMe: { body: buildUser() } });
    renderPanel({ check: check({}) });
    const hit = await screen.findByRole('listitem', { name: 'Viktor Ivanovich KOVALENKO' });
    const table = within(hit).getByRole('table', { name: 'The applicant beside Viktor Ivanovich KOVALENKO as listed' });
    const row = (field: string) =>
      Array.from(within(table).getByRole('rowheader', { name: field }).closest('tr')!.querySelectorAll('td'), (cell) => cell.textContent);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Applicant', 'Listed']);
    expect(row('Name')).toEqual(['Victor Kovalenko', 'Viktor Ivanovich KOVALENKO']);
    expect(row('Date of birth')).toEqual(['1961-03-14', '1961-03-14']);
    expect(row('Nationality')).toEqual(['Ukraine (UA)', 'Russia (RU)']);
    expect(within(hit).getByText('OFAC SDN · id 9101')).toBeInTheDocument();
    expect(within(hit).getByText('Victor KOVALENKO; Viktor KOVALENKO')).toBeInTheDocument();
    expect(within(hit).getByText('UKRAINE-EO13660, RUSSIA-EO14024')).toBeInTheDocument();
    // Screened against a list: no Screen now.
    expect(screen.queryByRole('button', { name: 'Screen now' })).not.toBeInTheDocument();
  });

  it('says what a list does not give, and that an older run did not keep the applicant’s values', async () => {
    mockApi({ usersMe: { body: buildUser() } });
    const { screened: _screened, ...evidence } = check({}).evidence!;
    renderPanel({ check: check({ evidence: { ...evidence, hits: [{ ...HIT, datesOfBirth: [], nationalities: [], programmes: [], aliases: [] }] } }) });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('not listed')).toHaveLength(2);
    expect(within(table).getAllByText('not recorded')).toHaveLength(3);
    expect(screen.getByText('none listed')).toBeInTheDocument();
  });

  it('Screen now: queues the screening of an applicant screened while no list was imported, and waits for its result', async () => {
    const user = userEvent.setup();
    let stored = NO_LISTS;
    const api = mockApi({
      usersMe: { body: buildUser() },
      applicantChecksList: () => ({ body: [stored] }),
      screeningRequestsRequest: () => {
        stored = check({});
        return { status: 202, body: { lists: [{ source: 'ofac-sdn', version: '2026-11-01' }] } };
      },
    });
    renderPage(<PanelWithChecks />, '/panel', '/panel');
    expect(await screen.findByText('The applicant was not screened.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Screen now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Screening against OFAC SDN…');
    expect(screen.queryByRole('button', { name: 'Screen now' })).not.toBeInTheDocument();
    expect(api.callsTo('screeningRequestsRequest').map((call) => call.path)).toEqual([{ id: ORGANIZATION_ID, userId: 'user-0001' }]);
    // The checks load again every 2 s until the result is in: the hit, no more waiting.
    expect(await screen.findByRole('listitem', { name: 'Viktor Ivanovich KOVALENKO' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.callsTo('applicantChecksList').length).toBe(2);
  }, 10_000);

  it('Screen now on an applicant that submitted but has no check; the server’s refusal is shown', async () => {
    const user = userEvent.setup();
    mockApi({
      usersMe: { body: buildUser() },
      screeningRequestsRequest: apiError(
        409,
        'NO_SANCTIONS_LIST',
        'No sanctions list is imported: a super-admin imports one on the Sanctions Lists page first',
      ),
    });
    renderPanel({ check: undefined, submitted: true });
    expect(await screen.findByText('The applicant was never screened against the sanctions lists.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Screen now' }));
    expect(await screen.findByText(/^No sanctions list is imported: a super-admin imports one/)).toBeInTheDocument();
  });

  it('shows nothing for an applicant that never submitted, and no Screen now to a reader', async () => {
    mockApi({ usersMe: { body: buildUser() } });
    renderPanel({ check: undefined });
    expect(screen.queryByRole('heading', { name: 'Sanctions screening' })).not.toBeInTheDocument();
    renderPanel({ check: NO_LISTS, canUpdate: false });
    expect(await screen.findByText('The applicant was not screened.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Screen now' })).not.toBeInTheDocument();
  });
});
