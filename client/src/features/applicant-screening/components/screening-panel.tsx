import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { ApplicantCheckDto } from '../../../api/generated/types.gen';
import { applicantKeys } from '../../../api/query-keys';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast-context';
import { useReviewScreeningHit } from '../api/review-screening-hit';
import { useScreenApplicant } from '../api/screen-applicant';
import {
  countryWithCode,
  FIELD_NAMES,
  LIST_NAMES,
  neverScreened,
  screenedValues,
  screeningHits,
  type HitVerdict,
  type ScreenedValues,
  type ScreeningHit,
} from '../lib/screening-hits';

import '../../../components/ui/text-field.css';
import './screening-panel.css';

const VERDICT_TEXT: Readonly<Record<HitVerdict, string>> = { 'true-match': 'True match', 'false-positive': 'False positive' };

/** Marking a hit: the verdict chosen, then a note saying why. */
function ReviewForm({
  hit,
  verdict,
  onDone,
  organizationId,
  userId,
}: {
  hit: ScreeningHit;
  verdict: HitVerdict;
  onDone: () => void;
  organizationId: string;
  userId: string;
}) {
  const id = useId();
  const toast = useToast();
  const review = useReviewScreeningHit(organizationId, userId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError('Say why, for the audit trail');
      return;
    }
    review.mutate(
      { hit: hit.key, verdict, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(`Marked ${hit.name} as a ${VERDICT_TEXT[verdict].toLowerCase()}`);
          onDone();
        },
      },
    );
  };
  return (
    <form className="screening-review-form" onSubmit={onSubmit} noValidate aria-label={`Mark ${hit.name} as a ${VERDICT_TEXT[verdict].toLowerCase()}`}>
      {review.isError && <Alert variant="danger">{getErrorMessage(review.error)}</Alert>}
      <div className="text-field">
        <label htmlFor={`${id}-note`} className="text-field-label">
          Note ({VERDICT_TEXT[verdict].toLowerCase()})
        </label>
        <textarea
          id={`${id}-note`}
          className="text-field-input"
          rows={2}
          value={note}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setNote(event.target.value);
            setError(undefined);
          }}
        />
        <p id={`${id}-hint`} className={error ? 'text-field-error' : 'text-field-hint'}>
          {error ??
            (verdict === 'false-positive' ? 'Not raised again for this entity while the applicant’s data stays the same.' : 'The screening check then fails.')}
        </p>
      </div>
      <div className="screening-review-actions">
        <Button type="submit" isLoading={review.isPending}>
          Save review
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={review.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const NOT_GIVEN = 'not given';
const NOT_LISTED = 'not listed';

/** The applicant's values screened beside what the list says of the listed person. */
function HitComparison({ hit, screened }: { hit: ScreeningHit; screened: ScreenedValues | null }) {
  const applicant = (value: string | null | undefined) => (screened ? (value ?? NOT_GIVEN) : 'not recorded');
  const rows = [
    { field: 'Name', applicant: applicant(screened?.name), listed: hit.name },
    { field: 'Date of birth', applicant: applicant(screened?.dateOfBirth), listed: hit.datesOfBirth.join(', ') || NOT_LISTED },
    {
      field: 'Nationality',
      applicant: screened?.nationality ? countryWithCode(screened.nationality) : applicant(null),
      listed: hit.nationalities.map(countryWithCode).join(', ') || NOT_LISTED,
    },
  ];
  return (
    <table className="screening-hit-compare">
      <caption className="visually-hidden">The applicant beside {hit.name} as listed</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">Applicant</th>
          <th scope="col">Listed</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field}>
            <th scope="row">{row.field}</th>
            <td>{row.applicant}</td>
            <td>{row.listed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HitItem({
  hit,
  screened,
  canUpdate,
  organizationId,
  userId,
}: {
  hit: ScreeningHit;
  screened: ScreenedValues | null;
  canUpdate: boolean;
  organizationId: string;
  userId: string;
}) {
  const [marking, setMarking] = useState<HitVerdict | null>(null);
  const titleId = useId();
  return (
    <li className="screening-hit" aria-labelledby={titleId}>
      <div className="screening-hit-heading">
        <h3 id={titleId}>{hit.name}</h3>
        {hit.score !== null && <span className="screening-hit-score">score {hit.score.toFixed(2)}</span>}
        {hit.review ? (
          <Badge variant={hit.review.verdict === 'true-match' ? 'danger' : 'success'}>{VERDICT_TEXT[hit.review.verdict]}</Badge>
        ) : (
          <Badge variant="warning">Not reviewed</Badge>
        )}
      </div>
      <HitComparison hit={hit} screened={screened} />
      <dl className="screening-hit-facts">
        <dt>List entry</dt>
        <dd>
          {LIST_NAMES[hit.list] ?? hit.list} · id {hit.externalId}
        </dd>
        {hit.aliases.length > 0 && (
          <>
            <dt>Other names</dt>
            <dd>{hit.aliases.join('; ')}</dd>
          </>
        )}
        <dt>Programmes</dt>
        <dd>{hit.programmes.length > 0 ? hit.programmes.join(', ') : 'none listed'}</dd>
        {hit.matchedName && hit.matchedName !== hit.name && (
          <>
            <dt>Matched name</dt>
            <dd>{hit.matchedName}</dd>
          </>
        )}
        <dt>Matched</dt>
        <dd>{hit.matchedFields.map((field) => FIELD_NAMES[field] ?? field).join(', ')}</dd>
      </dl>
      {hit.review && (
        <p className="screening-hit-review">
          {VERDICT_TEXT[hit.review.verdict]} by {hit.review.reviewedBy}
          {hit.review.reviewedAt && ` on ${new Date(hit.review.reviewedAt).toLocaleString()}`}: “{hit.review.note}”
        </p>
      )}
      {canUpdate &&
        (marking ? (
          <ReviewForm hit={hit} verdict={marking} onDone={() => setMarking(null)} organizationId={organizationId} userId={userId} />
        ) : (
          <div className="screening-review-actions">
            <Button variant="outline" onClick={() => setMarking('false-positive')}>
              {hit.review ? 'Mark false positive' : 'False positive'}
            </Button>
            <Button variant="outline" onClick={() => setMarking('true-match')}>
              {hit.review ? 'Mark true match' : 'True match'}
            </Button>
          </div>
        ))}
    </li>
  );
}

/** While a requested screening runs: the checks load again every 2 s until its result is in. */
function useAwaitScreening(organizationId: string, userId: string, waiting: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: applicantKeys.checks(organizationId, userId) }), 2000);
    return () => clearInterval(timer);
  }, [waiting, organizationId, userId, queryClient]);
}

/** "Screen now" for an applicant never screened against a list; says when it is queued, or why it cannot be. */
function ScreenNow({ check, organizationId, userId }: { check: ApplicantCheckDto | undefined; organizationId: string; userId: string }) {
  const queryClient = useQueryClient();
  const screen = useScreenApplicant(organizationId, userId);
  const waiting = screen.isSuccess && neverScreened(check);
  useAwaitScreening(organizationId, userId, waiting);
  const request = () =>
    screen.mutate(undefined, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) }) });
  return (
    <div className="screening-screen-now">
      {screen.isError && <Alert variant="danger">{getErrorMessage(screen.error)}</Alert>}
      {waiting ? (
        <p role="status" className="screening-none">
          Screening against {(screen.data?.lists ?? []).map((list) => LIST_NAMES[list.source] ?? list.source).join(', ')}…
        </p>
      ) : (
        <Button variant="outline" onClick={request} isLoading={screen.isPending}>
          Screen now
        </Button>
      )}
    </div>
  );
}

/**
 * The sanctions screening of the last submission: each hit with what the list says of the
 * listed person (dates of birth, nationalities, other names, programmes, the list's entry id)
 * beside the applicant's values screened, and the reviewer's verdict on it (with a note).
 * An applicant never screened against a list (none was imported when it submitted, or the
 * screening could not run) gets "Screen now".
 */
export function ScreeningPanel({
  check,
  submitted = false,
  canUpdate,
  organizationId,
  userId,
}: {
  check: ApplicantCheckDto | undefined;
  /** The applicant submitted a verification: without a check it was never screened. */
  submitted?: boolean;
  canUpdate: boolean;
  organizationId: string;
  userId: string;
}) {
  if (!check && !submitted) return null;
  const hits = screeningHits(check);
  const screened = screenedValues(check);
  return (
    <Panel title="Sanctions screening" description={check?.detail ?? 'The applicant was never screened against the sanctions lists.'}>
      {hits.length === 0 ? (
        <p className="screening-none">{!check || check.verdict === 'unavailable' ? 'The applicant was not screened.' : 'No listed person matched.'}</p>
      ) : (
        <ul className="screening-hits">
          {hits.map((hit) => (
            <HitItem key={hit.key} hit={hit} screened={screened} canUpdate={canUpdate} organizationId={organizationId} userId={userId} />
          ))}
        </ul>
      )}
      {canUpdate && neverScreened(check) && <ScreenNow check={check} organizationId={organizationId} userId={userId} />}
    </Panel>
  );
}
