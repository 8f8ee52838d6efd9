import { useId, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { ApplicantCheckDto } from '../../../api/generated/types.gen';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast-context';
import { useReviewScreeningHit } from '../api/review-screening-hit';
import { FIELD_NAMES, LIST_NAMES, screeningHits, type HitVerdict, type ScreeningHit } from '../lib/screening-hits';

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

function HitItem({ hit, canUpdate, organizationId, userId }: { hit: ScreeningHit; canUpdate: boolean; organizationId: string; userId: string }) {
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
      <dl className="screening-hit-facts">
        <dt>List</dt>
        <dd>
          {LIST_NAMES[hit.list] ?? hit.list} · id {hit.externalId}
        </dd>
        {hit.programmes.length > 0 && (
          <>
            <dt>Programmes</dt>
            <dd>{hit.programmes.join(', ')}</dd>
          </>
        )}
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

/**
 * The sanctions screening of the last submission: each hit with its list, programmes,
 * score and the fields that matched, and the reviewer's verdict on it (with a note).
 */
export function ScreeningPanel({
  check,
  canUpdate,
  organizationId,
  userId,
}: {
  check: ApplicantCheckDto | undefined;
  canUpdate: boolean;
  organizationId: string;
  userId: string;
}) {
  if (!check) return null;
  const hits = screeningHits(check);
  return (
    <Panel title="Sanctions screening" description={check.detail}>
      {hits.length === 0 ? (
        <p className="screening-none">{check.verdict === 'unavailable' ? 'The applicant was not screened.' : 'No listed person matched.'}</p>
      ) : (
        <ul className="screening-hits">
          {hits.map((hit) => (
            <HitItem key={hit.key} hit={hit} canUpdate={canUpdate} organizationId={organizationId} userId={userId} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
