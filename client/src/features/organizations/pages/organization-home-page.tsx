import { Link, useParams } from 'react-router-dom';

import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { ButtonLink } from '../../../components/ui/button-link';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { KYC_STATUSES } from '../../../lib/kyc-status';
import { useOrganization } from '../api/get-organization';
import { useOrganizationStats } from '../api/get-organization-stats';
import { ReviewerStatsPanel } from '../components/reviewer-stats-panel';
import { StatCard } from '../components/stat-card';
import { StatusBarChart } from '../components/status-bar-chart';
import { formatDuration } from '../lib/format-duration';

import './organization-home-page.css';

const numberFormat = new Intl.NumberFormat();

/** /dashboard/:organizationId: the organization's figures at a glance. */
export function OrganizationHomePage() {
  const { organizationId = '' } = useParams();
  const { data: organization } = useOrganization(organizationId);
  const { data: stats, error, isPending } = useOrganizationStats(organizationId);

  const total = stats ? KYC_STATUSES.reduce((sum, status) => sum + stats.byStatus[status], 0) : 0;
  const awaitingReview = stats ? stats.byStatus.pending + stats.byStatus.prechecked + stats.byStatus.queued : 0;

  return (
    <>
      <PageHeader
        title={organization?.name ?? 'Dashboard'}
        description="Where your applicants stand, and how quickly your team decides."
        actions={
          <ButtonLink to={paths.dashboard.applicants(organizationId)} variant="outline">
            View applicants
          </ButtonLink>
        }
      />
      {isPending || error ? (
        <Loading error={error} />
      ) : (
        <>
          <div className="org-home-stats">
            <StatCard
              label="Applicants"
              value={<Link to={paths.dashboard.applicants(organizationId)}>{numberFormat.format(total)}</Link>}
              hint={
                <>
                  <Link to={`${paths.dashboard.applicants(organizationId)}?status=pending,prechecked,queued`}>
                    {numberFormat.format(awaitingReview)} awaiting review
                  </Link>
                  {stats.sla.hours !== null && (
                    <Link
                      className={stats.sla.breached > 0 ? 'org-home-sla org-home-sla-breached' : 'org-home-sla'}
                      to={`${paths.dashboard.applicants(organizationId)}?sla=breached`}
                    >
                      {numberFormat.format(stats.sla.breached)} over the {stats.sla.hours} h SLA
                    </Link>
                  )}
                </>
              }
            />
            <StatCard label="Decisions in the last 7 days" value={numberFormat.format(stats.decisionsLast7Days)} hint="Approved or rejected" />
            <StatCard label="Decisions in the last 30 days" value={numberFormat.format(stats.decisionsLast30Days)} hint="Approved or rejected" />
            <StatCard
              label="Median time to decision"
              value={stats.medianSecondsToDecision === null ? '—' : formatDuration(stats.medianSecondsToDecision)}
              hint={stats.medianSecondsToDecision === null ? 'Nothing decided yet' : 'From submission to approval or rejection'}
            />
          </div>
          {stats.analysis.queued + stats.analysis.running > 0 && (
            <p className="org-home-analysis" role="status">
              <span className="org-home-analysis-dot" aria-hidden="true" />
              Analysing documents: {numberFormat.format(stats.analysis.running)} in progress, {numberFormat.format(stats.analysis.queued)} waiting.
            </p>
          )}
          <Panel title="Applicants by status" description="Every applicant of this organization, by KYC status.">
            <StatusBarChart counts={stats.byStatus} linkOf={(status) => `${paths.dashboard.applicants(organizationId)}?status=${status}`} />
          </Panel>
          <ReviewerStatsPanel reviewers={stats.reviewers} />
        </>
      )}
    </>
  );
}
