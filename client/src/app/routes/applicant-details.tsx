import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

import { isApiError } from '../../api/client';
import type { ApplicantCheckDto, ApplicantDetailsDto } from '../../api/generated/types.gen';
import { useManagesOrganization } from '../../api/organization-role';
import { applicantKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Loading } from '../../components/ui/loading';
import { paths } from '../../config/paths';
import { usePermission } from '../../lib/permissions';
import { ScreeningPanel } from '../../features/applicant-screening/components/screening-panel';
import { screeningCheck } from '../../features/applicant-screening/lib/screening-hits';
import { useApplicantChecks } from '../../features/applicants/api/get-applicant-checks';
import { useNextApplicant } from '../../features/applicants/api/work-queue';
import { ChecksList } from '../../features/applicants/components/checks-list';
import { searchParamsToFilterQuery, type ApplicantFilterQuery } from '../../features/applicants/lib/list-params';
import { FacePanel } from '../../features/faces/components/face-panel';
import { faceChecks } from '../../features/faces/lib/face-checks';
import { useApplicantTombstones } from '../../features/retention/api/erase-applicant';
import { ApplicantTombstone, EraseApplicantButton } from '../../features/retention/components/erase-applicant-button';
import { LegalHoldButton, LegalHoldNotice } from '../../features/retention/components/legal-hold';
import { useAssignment, useOpenCase } from '../../features/review/api/assignment';
import { decisionKeys } from '../../features/review/api/decision-keys';
import { useApplicant } from '../../features/review/api/get-applicant';
import { useReviewState } from '../../features/review/api/get-review-state';
import { ActivityPanel } from '../../features/review/components/activity-panel';
import { ApplicantSummary } from '../../features/review/components/applicant-summary';
import { ApplicantWorkBar } from '../../features/review/components/applicant-work-bar';
import { CaseHeader } from '../../features/review/components/case-header';
import { DecisionBar } from '../../features/review/components/decision-bar';
import { DocumentImages } from '../../features/review/components/document-images';
import { EarlierAttempts } from '../../features/review/components/earlier-attempts';
import { IdentityTable } from '../../features/review/components/identity-table';
import { NotesPanel } from '../../features/review/components/notes-panel';
import { ResetApplicantButton } from '../../features/review/components/reset-applicant-button';
import { ShortcutsHelp } from '../../features/review/components/shortcuts-help';
import { EVIDENCE_ANCHORS } from '../../features/review/lib/case-verdicts';
import { documentComparisons } from '../../features/review/lib/document-comparison';
import { documentSignalMarks } from '../../features/review/lib/document-signals';
import { zoneDoubtMarks } from '../../features/review/lib/zone-doubt-marks';
import { useShortcuts } from '../../features/review/lib/use-shortcuts';
import { approvalFlags } from './approval-flags';

import '../../features/review/pages/applicant-pages.css';
import './applicant-details.css';

function checksSummary(checks: readonly ApplicantCheckDto[]): string {
  const failed = checks.filter((check) => check.verdict === 'failed').length;
  const review = checks.filter((check) => check.verdict === 'needs-review' || check.verdict === 'unavailable').length;
  if (failed === 0 && review === 0) return 'All checks passed.';
  return [failed > 0 && `${failed} of ${checks.length} checks failed`, review > 0 && `${review} need a person to look`].filter(Boolean).join('; ') + '.';
}

function AutomaticChecks({ checks }: { checks: readonly ApplicantCheckDto[] | undefined }) {
  if (!checks || checks.length === 0) return null;
  return (
    <Panel title="Automatic checks" description={checksSummary(checks)} id={EVIDENCE_ANCHORS.checks}>
      <ChecksList checks={checks} />
    </Panel>
  );
}

/** The checks each analysis job records last: once both are in, the analysis has delivered. */
const ANALYSIS_RESULTS = { document: 'document-read', faces: 'face-match', screening: 'sanctions-screening' } as const;

/**
 * While the submission's analyses run (reading the document, comparing the faces), looks
 * for their results every 2 s (on the checks, which are not audited) until all are in;
 * each result that arrives reloads the details once, to show what was read and whether
 * the analysis is over. Says which results are still awaited.
 */
function useAnalysisResults(
  organizationId: string,
  userId: string,
  analysis: ApplicantDetailsDto['analysis'] | undefined,
  checks: readonly ApplicantCheckDto[] | undefined,
) {
  const queryClient = useQueryClient();
  const running = analysis === 'queued' || analysis === 'running';
  const has = (name: string) => checks?.some((check) => check.name === name) ?? false;
  const documentRead = has(ANALYSIS_RESULTS.document);
  const facesRead = has(ANALYSIS_RESULTS.faces);
  const screened = has(ANALYSIS_RESULTS.screening);
  const arrived = Number(documentRead) + Number(facesRead) + Number(screened);
  useEffect(() => {
    if (!running) return;
    if (arrived > 0) void queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) });
    if (arrived === Object.keys(ANALYSIS_RESULTS).length) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: applicantKeys.checks(organizationId, userId) }), 2000);
    return () => clearInterval(timer);
  }, [running, arrived, organizationId, userId, queryClient]);
  return { readingDocument: running && !documentRead, comparingFaces: running && !facesRead };
}

/**
 * The review state (what approving passes over, among the rest), read again whenever a
 * check's verdict changes: an analysis result, a sanctions hit reviewed, a face check decided.
 */
function useRiskFollowingChecks(organizationId: string, userId: string, checks: readonly ApplicantCheckDto[] | undefined) {
  const queryClient = useQueryClient();
  const verdicts = (checks ?? []).map((check) => `${check.name}:${check.verdict}`).join(',');
  const seen = useRef(verdicts);
  useEffect(() => {
    if (seen.current === verdicts) return;
    seen.current = verdicts;
    void queryClient.invalidateQueries({ queryKey: decisionKeys.review(organizationId, userId) });
  }, [verdicts, organizationId, userId, queryClient]);
  return useReviewState(organizationId, userId);
}

/**
 * The list the page was opened from (its filters and order ride along in the address): the
 * next and previous applicants in it, for "Approve & next" and the j/k keys.
 */
function useListNeighbours(organizationId: string, userId: string) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const query: ApplicantFilterQuery = searchParamsToFilterQuery(search);
  const reversed: ApplicantFilterQuery = { ...query, orderDirection: (query.orderDirection ?? 'desc') === 'desc' ? 'asc' : 'desc' };
  const next = useNextApplicant(organizationId, query, userId).data?.item ?? null;
  const previous = useNextApplicant(organizationId, reversed, userId).data?.item ?? null;
  const open = (target: { userId: string } | null) => {
    if (target) void navigate(`${paths.dashboard.applicant(organizationId, target.userId)}${search}`);
  };
  return { fromList: search !== '', listPath: `${paths.dashboard.applicants(organizationId)}${search}`, next, previous, open };
}

/**
 * .../applicants/:userId: the applicant's data beside the document images, and the review actions.
 * Composed here from the features that own each part: the list's checks and neighbours (applicants),
 * the reviewer's workspace (review), faces, screening (applicant-screening) and retention.
 */
export function ApplicantDetailsPage() {
  const { organizationId = '', userId = '' } = useParams();
  const neighbours = useListNeighbours(organizationId, userId);
  const assignment = useAssignment(organizationId, userId);
  const [helpOpen, setHelpOpen] = useState(false);
  const { data, error, isPending } = useApplicant(organizationId, userId);
  const { data: checks } = useApplicantChecks(organizationId, userId);
  const { readingDocument, comparingFaces } = useAnalysisResults(organizationId, userId, data?.analysis, checks);
  const comparisons = documentComparisons(checks);
  const faces = faceChecks(checks);
  const reviewState = useRiskFollowingChecks(organizationId, userId, checks);
  const canUpdate = usePermission('applicants', 'update');
  useOpenCase(organizationId, userId, canUpdate);
  const canErase = useManagesOrganization(organizationId);
  const notFound = isApiError(error) && error.status === 404;
  const { data: tombstones } = useApplicantTombstones(organizationId, userId, notFound);
  useShortcuts({
    j: () => neighbours.open(neighbours.next),
    k: () => neighbours.open(neighbours.previous),
    m: canUpdate ? () => assignment.mutate({ assign: true }) : undefined,
    n: () => document.querySelector<HTMLTextAreaElement>('#applicant-notes textarea')?.focus(),
    '?': () => setHelpOpen(true),
  });

  const header = (
    <PageHeader
      back={{ to: neighbours.listPath, label: 'Applicants' }}
      description={<span className="applicant-heading-id">{userId}</span>}
      title="Applicant details"
      actions={
        data && (
          <>
            <ButtonLink to={paths.dashboard.editApplicant(organizationId, userId)} variant="outline">
              Edit applicant
            </ButtonLink>
            <ResetApplicantButton organizationId={organizationId} userId={userId} version={data.applicant.version} />
            {canErase && <LegalHoldButton organizationId={organizationId} userId={userId} held={data.legalHold !== null} />}
            {canErase && !data.legalHold && <EraseApplicantButton organizationId={organizationId} userId={userId} />}
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
  if (notFound) {
    const tombstone = tombstones?.[0];
    return (
      <>
        {header}
        {tombstone ? (
          <ApplicantTombstone {...tombstone} />
        ) : (
          <div className="applicant-no-data" role="status">
            <h2>No data</h2>
            <p>
              No applicant <code>{userId}</code> in this organization: the link may be mistyped, or the applicant belongs to another organization.
            </p>
            <ButtonLink to={neighbours.listPath} variant="outline">
              Back to the applicants
            </ButtonLink>
          </div>
        )}
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
      {/* The decision stays in view (sticky under the header) while the evidence scrolls past. */}
      <div className="applicant-decision-dock">
        <CaseHeader applicant={data.applicant} risk={reviewState.data?.risk} checks={checks} />
        <DecisionBar
          organizationId={organizationId}
          applicant={data.applicant}
          assignee={data.assignee}
          andNext={neighbours.fromList && neighbours.next !== null}
          flags={approvalFlags(organizationId, reviewState.data?.risk.risks, faces)}
          onDecided={neighbours.fromList ? () => neighbours.open(neighbours.next) : undefined}
        />
        <nav className="applicant-neighbours" aria-label="Applicants in this list">
          <Button variant="outline" disabled={!neighbours.previous} onClick={() => neighbours.open(neighbours.previous)} aria-keyshortcuts="k">
            Previous
          </Button>
          <Button variant="outline" disabled={!neighbours.next} onClick={() => neighbours.open(neighbours.next)} aria-keyshortcuts="j">
            Next
          </Button>
          <Button variant="secondary" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            Shortcuts <kbd>?</kbd>
          </Button>
        </nav>
        <ApplicantWorkBar organizationId={organizationId} details={data} canUpdate={canUpdate} />
      </div>
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      {data.legalHold && <LegalHoldNotice hold={data.legalHold} />}
      <div className="applicant-identity-grid">
        <Panel
          title="Identity"
          description={
            readingDocument ? (
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
          {data.imagesRemovedAt && data.identity.images.length === 0 ? (
            <p className="applicant-images-removed">
              The document photos, selfie and face data were removed on {new Date(data.imagesRemovedAt).toLocaleDateString()} under the organization’s retention
              policy. The identity data is kept.
            </p>
          ) : (
            <DocumentImages images={data.identity.images} signals={documentSignalMarks(checks)} doubts={zoneDoubtMarks(checks)} />
          )}
        </Panel>
      </div>
      <AutomaticChecks checks={checks} />
      <div id={EVIDENCE_ANCHORS.faces} className="case-evidence">
        <FacePanel
          organizationId={organizationId}
          userId={userId}
          checks={faces}
          blocklist={data.faceBlocklist}
          analysing={comparingFaces}
          canUpdate={canUpdate}
        />
      </div>
      <div id={EVIDENCE_ANCHORS.screening} className="case-evidence">
        <ScreeningPanel
          check={screeningCheck(checks)}
          submitted={data.applicant.submittedAt !== null && data.analysis !== 'queued' && data.analysis !== 'running'}
          canUpdate={canUpdate}
          organizationId={organizationId}
          userId={userId}
        />
      </div>
      <Panel title="Summary">
        <ApplicantSummary applicant={data.applicant} />
      </Panel>
      <EarlierAttempts organizationId={organizationId} applicant={data.applicant} />
      <NotesPanel organizationId={organizationId} applicant={data.applicant} />
      <ActivityPanel organizationId={organizationId} userId={userId} />
    </>
  );
}
