import { act, screen, waitFor } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { buildApplicantDetails, ORGANIZATION_ID } from '../../../testing/applicant-factory';
import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { useOpenCase } from '../api/assignment';
import { ApplicantWorkBar } from './applicant-work-bar';

const ROUTE = '/dashboard/:organizationId/applicants/:userId';
const PATH = `/dashboard/${ORGANIZATION_ID}/applicants/user-0001`;
const RITA = { id: '99999999-0000-4000-8000-000000000001', name: 'rita' };

function OpenedCase({ enabled }: { enabled: boolean }) {
  const { userId = '' } = useParams();
  useOpenCase(ORGANIZATION_ID, userId, enabled);
  return <p>{userId}</p>;
}

describe('the case being reviewed', () => {
  it('says who else is reviewing it', async () => {
    mockApi({ usersMe: { body: buildUser() }, tagsList: { body: [] } });
    const details = buildApplicantDetails({ assignee: RITA, assignedAt: '2026-11-02T09:30:00.000Z' });
    renderPage(<ApplicantWorkBar organizationId={ORGANIZATION_ID} details={details} canUpdate />, ROUTE, PATH);
    expect(await screen.findByText(/Being reviewed by/)).toHaveTextContent('Being reviewed by rita since 02 Nov');
  });

  it('opens the case once per applicant opened', async () => {
    const api = mockApi({
      usersMe: { body: buildUser() },
      assignmentOpen: ({ path }) => ({ body: { userId: String(path.userId), assignee: { id: '1', name: 'alice' }, assignedAt: null, lockedUntil: null } }),
    });
    const { router } = renderPage(<OpenedCase enabled />, ROUTE, PATH);
    await waitFor(() => expect(api.callsTo('assignmentOpen').map((call) => call.path)).toEqual([{ id: ORGANIZATION_ID, userId: 'user-0001' }]));
    // "& next": the next applicant's page opens its case too.
    await act(() => router.navigate(`/dashboard/${ORGANIZATION_ID}/applicants/user-0002`));
    await waitFor(() => expect(api.callsTo('assignmentOpen').map((call) => call.path.userId)).toEqual(['user-0001', 'user-0002']));
  });

  it('does not open the case for someone who may not change it', async () => {
    const api = mockApi({ usersMe: { body: buildUser() } });
    renderPage(<OpenedCase enabled={false} />, ROUTE, PATH);
    await screen.findByText('user-0001');
    expect(api.callsTo('assignmentOpen')).toHaveLength(0);
  });
});
