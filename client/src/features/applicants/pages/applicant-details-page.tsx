import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

import { isApiError } from '../../../api/client';
import type { ApplicantCheckDto } from '../../../api/generated/types.gen';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { ButtonLink } from '../../../components/ui/button-link';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { useApplicant } from '../api/get-applicant';
import { useApplicantChecks } from '../api/get-applicant-checks';
import { applicantKeys } from '../api/query-keys';
import { ActivityPanel } from '../components/activity-panel';
import { ApplicantSummary } from '../components/applicant-summary';
import { ChecksList } from '../components/checks-list';
import { DecisionButtons } from '../components/decision-buttons';
import { DocumentImages } from '../components/document-images';
import { IdentityTable } from '../components/identity-table';
import { ResetApplicantButton } from '../components/reset-applicant-button';
import { documentComparisons } from '../lib/document-comparison';

import './applicant-pages.css';
import './applicant-details-page.css';

function checksSummary(checks: readonly ApplicantCheckDto[]): string {
  const failed = checks.filter((check) => check.verdict === 'failed').length;
  const review = checks.filter((check) => check.verdict === 'needs-review' || check.verdict === 'unavailable').length;
  if (failed === 0 && review === 0) return 'All checks passed.';
  return [failed > 0 && `${failed} of ${checks.length} checks failed`, review > 0 && `${review} need a person to look`].filter(Boolean).join('; ') + '.';
}

function AutomaticChecks({ checks }: { checks: readonly ApplicantCheckDto[] | undefined }) {
  if (!checks || checks.length === 0) return null;
  return (
    <Panel title="Automatic checks" description={checksSummary(checks)}>
      <ChecksList checks={checks} />
    </Panel>
  );
}

/**
 * While the submission's analysis runs, looks for its results every 2 s (on the checks,
 * which are not audited), then reloads the details once to show what was read.
 */
function useAnalysisResults(organizationId: string, userId: string, analysing: boolean, checks: readonly ApplicantCheckDto[] | undefined) {
  const queryClient = useQueryClient();
  const arrived = checks?.some((check) => check.name === 'document-read') ?? false;
  useEffect(() => {
    if (!analysing) return;
    if (arrived) {
      void queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) });
      return;
    }
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: applicantKeys.checks(organizationId, userId) }), 2000);
    return () => clearInterval(timer);
  }, [analysing, arrived, organizationId, userId, queryClient]);
}

/** .../applicants/:userId: the applicant's data beside the document images, and the review actions. */
export function ApplicantDetailsPage() {
  const { organizationId = '', userId = '' } = useParams();
  const { data, error, isPending } = useApplicant(organizationId, userId);
  const { data: checks } = useApplicantChecks(organizationId, userId);
  const analysing = data?.analysis === 'queued' || data?.analysis === 'running';
  useAnalysisResults(organizationId, userId, analysing, checks);
  const comparisons = documentComparisons(checks);

  const header = (
    <PageHeader
      back={{ to: paths.dashboard.applicants(organizationId), label: 'Applicants' }}
      description={<span className="applicant-heading-id">{userId}</span>}
      title="Applicant details"
      actions={
        data && (
          <>
            <ButtonLink to={paths.dashboard.editApplicant(organizationId, userId)} variant="outline">
              Edit applicant
            </ButtonLink>
            <ResetApplicantButton organizationId={organizationId} userId={userId} version={data.applicant.version} />
          </>
        )
      }
    />
  );

  if (isPending && !error) {
    return (
      <>
        {header}
        <Loading message="Loading..." />
      </>
    );
  }
  if (isApiError(error) && error.status === 404) {
    return (
      <>
        {header}
        <p className="applicant-no-data">No data</p>
      </>
    );
  }
  if (error || !data) {
    return (
      <>
        {header}
        <Loading error={error ?? true} />
      </>
    );
  }

  return (
    <>
      {header}
      <Panel
        title="Summary"
        aside={<DecisionButtons organizationId={organizationId} applicant={data.applicant} />}
      >
        <ApplicantSummary applicant={data.applicant} />
      </Panel>
      <div className="applicant-identity-grid">
        <Panel
          title="Identity"
          description={
            analysing ? (
              <span className="applicant-analysing" role="status">
                Analysing… the document is being read; what it says will appear beside the typed data.
              </span>
            ) : comparisons.size > 0 ? (
              'Typed by the applicant, beside what the document’s machine-readable data says; differences are highlighted.'
            ) : (
              'As the applicant typed it (nothing was read from the document); edit it if something is wrong.'
            )
          }
        >
          <IdentityTable identity={data.identity} comparisons={comparisons} />
        </Panel>
        <Panel title="Documents" description="Hover an image to magnify it.">
          <DocumentImages images={data.identity.images} />
        </Panel>
      </div>
      <AutomaticChecks checks={checks} />
      <ActivityPanel organizationId={organizationId} userId={userId} />
    </>
  );
}
