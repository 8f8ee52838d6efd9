import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildOrganizationDetails, ORGANIZATION_ID } from '../../../testing/organization-id';
import { OrganizationHomePage } from './organization-home-page';

describe('organization dashboard', () => {
  it('shows applicants by status with their labels, recent decisions and the median time', async () => {
    const api = mockApi({
      organizationsGet: { body: buildOrganizationDetails() },
      organizationStatsGet: {
        body: {
          byStatus: { init: 4, pending: 10, prechecked: 3, queued: 2, completed: 20, onHold: 1 },
          decisionsLast7Days: 5,
          decisionsLast30Days: 17,
          medianSecondsToDecision: 2 * 86_400 + 3 * 3_600,
          analysis: { queued: 0, running: 0 },
          reviewers: [
            { userId: 'u-1', name: 'ana', decisions: 12, approved: 9, rejected: 2, held: 1, medianSecondsToDecision: 5400 },
            { userId: 'u-2', name: 'bruno', decisions: 5, approved: 5, rejected: 0, held: 0, medianSecondsToDecision: null },
          ],
          sla: { hours: 24, breached: 3 },
        },
      },
    });
    renderPage(<OrganizationHomePage />, '/dashboard/:organizationId', `/dashboard/${ORGANIZATION_ID}`);

    const chart = await screen.findByRole('list', { name: 'Applicants by status' });
    const rows = within(chart)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Initial410%', 'Pending1025%', 'Pre-checked38%', 'Queued25%', 'Completed2050%', 'On Hold13%']);
    expect(screen.getByText('40')).toBeInTheDocument();
    expect(screen.getByText('15 awaiting review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 over the 24 h SLA' })).toHaveAttribute('href', `/dashboard/${ORGANIZATION_ID}/applicants?sla=breached`);
    expect(screen.getByText('17')).toBeInTheDocument();
    expect(screen.getByText('2 days 3 hours')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.queryByText(/Comming Soon/i)).not.toBeInTheDocument();
    const reviewers = screen.getByRole('table', { name: 'Decisions per reviewer in the last 30 days' });
    expect(
      within(reviewers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ReviewerDecisionsApprovedRejectedOn holdMedian time to decision', 'ana12921' + '1 hour 30 minutes', 'bruno5500—']);
    expect(api.callsTo('organizationStatsGet').map((call) => call.path)).toEqual([{ id: ORGANIZATION_ID }]);
  });

  it('says when nothing was decided yet', async () => {
    mockApi({
      organizationStatsGet: {
        body: {
          byStatus: { init: 0, pending: 0, prechecked: 0, queued: 0, completed: 0, onHold: 0 },
          decisionsLast7Days: 0,
          decisionsLast30Days: 0,
          medianSecondsToDecision: null,
          analysis: { queued: 0, running: 0 },
          reviewers: [],
          sla: { hours: null, breached: 0 },
        },
      },
    });
    renderPage(<OrganizationHomePage />, '/dashboard/:organizationId', `/dashboard/${ORGANIZATION_ID}`);
    expect(await screen.findByText('Nothing decided yet')).toBeInTheDocument();
    expect(screen.queryByText(/SLA/)).not.toBeInTheDocument();
  });

  it('shows the analysis backlog while documents are being read', async () => {
    const stats = (queued: number, running: number) => ({
      byStatus: { init: 0, pending: 0, prechecked: 0, queued: 3, completed: 0, onHold: 0 },
      decisionsLast7Days: 0,
      decisionsLast30Days: 0,
      medianSecondsToDecision: null,
      analysis: { queued, running },
      reviewers: [],
      sla: { hours: null, breached: 0 },
    });
    mockApi({ organizationStatsGet: { body: stats(2, 1) } });
    renderPage(<OrganizationHomePage />, '/dashboard/:organizationId', `/dashboard/${ORGANIZATION_ID}`);
    expect(await screen.findByText('Analysing documents: 1 in progress, 2 waiting.')).toBeInTheDocument();
  });
});
