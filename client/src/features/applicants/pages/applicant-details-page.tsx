import { useParams } from 'react-router-dom';

import { isApiError } from '../../../api/client';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { ButtonLink } from '../../../components/ui/button-link';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { useApplicant } from '../api/get-applicant';
import { useApplicantChecks } from '../api/get-applicant-checks';
import { ActivityPanel } from '../components/activity-panel';
import { ApplicantSummary } from '../components/applicant-summary';
import { ChecksList } from '../components/checks-list';
import { DecisionButtons } from '../components/decision-buttons';
import { DocumentImages } from '../components/document-images';
import { IdentityTable } from '../components/identity-table';
import { ResetApplicantButton } from '../components/reset-applicant-button';

import './applicant-pages.css';
import './applicant-details-page.css';

function AutomaticChecks({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { data: checks } = useApplicantChecks(organizationId, userId);
  if (!checks || checks.length === 0) return null;
  const failed = checks.filter((check) => !check.passed).length;
  return (
    <Panel
      title="Automatic checks"
      description={failed === 0 ? 'All checks passed on submission.' : `${failed} of ${checks.length} checks failed on submission.`}
    >
      <ChecksList checks={checks} />
    </Panel>
  );
}

/** .../applicants/:userId: the applicant's data beside the document images, and the review actions. */
export function ApplicantDetailsPage() {
  const { organizationId = '', userId = '' } = useParams();
  const { data, error, isPending } = useApplicant(organizationId, userId);

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
        <Panel title="Identity" description="As the applicant entered it (not read from the documents); edit it if something is wrong.">
          <IdentityTable identity={data.identity} />
        </Panel>
        <Panel title="Documents" description="Hover an image to magnify it.">
          <DocumentImages images={data.identity.images} />
        </Panel>
      </div>
      <AutomaticChecks organizationId={organizationId} userId={userId} />
      <ActivityPanel organizationId={organizationId} userId={userId} />
    </>
  );
}
