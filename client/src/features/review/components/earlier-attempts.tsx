import type { ApplicantSummaryDto, AttemptDto, AttemptPhotoDto, PhotoChangeDto } from '../../../api/generated/types.gen';
import { applicantDecisionsEarlierImage, applicantsImage } from '../../../api/sdk';
import { urlOf } from '../../../api/endpoints';
import { Panel } from '../../../components/panel';
import { documentTypeLabel, NOT_PROVIDED } from '../../../lib/applicant-labels';
import { formatDateTime } from '../../../lib/relative-time';
import { useReviewState } from '../api/get-review-state';
import { RESUBMISSION_STEP_LABELS } from '../lib/decisions';
import { displayIdentityValue, fieldLabel } from '../lib/identity-fields';

import './key-value-table.css';
import './earlier-attempts.css';

/**
 * The applicant's attempts once a resubmission was asked for: each request (the step, its
 * label, who asked), when it was submitted again, and what the end user changed — the fields
 * before and after, the photos side by side. Nothing while there is only the first attempt.
 */
export function EarlierAttempts({ organizationId, applicant }: { organizationId: string; applicant: ApplicantSummaryDto }) {
  const state = useReviewState(organizationId, applicant.userId);
  const attempts = state.data?.attempts ?? [];
  if (attempts.length < 2) return null;
  const photoUrl = (photo: AttemptPhotoDto) =>
    photo.earlier
      ? urlOf(applicantDecisionsEarlierImage, { path: { id: organizationId, userId: applicant.userId, imageId: photo.id } })
      : urlOf(applicantsImage, { path: { id: organizationId, userId: applicant.userId, imageId: photo.id } });
  return (
    <Panel title="Attempts" id="earlier-attempts" description="Each resubmission asked for, and what the end user changed in it." className="earlier-attempts">
      <ol className="earlier-attempts-list">
        {[...attempts].reverse().map((attempt) => (
          <li key={attempt.attempt} className="earlier-attempts-group">
            <h3 className="earlier-attempts-attempt">Attempt {attempt.attempt}</h3>
            <AttemptSummary attempt={attempt} />
            {attempt.changedFields.length > 0 && (
              <table className="kv-table earlier-attempts-fields">
                <caption className="visually-hidden">Data changed in attempt {attempt.attempt}</caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {attempt.changedFields.map((change) => (
                    <tr key={change.field}>
                      <th scope="row">{fieldLabel(change.field)}</th>
                      <td className="earlier-attempts-before">{change.from === null ? NOT_PROVIDED : displayIdentityValue(change.field, change.from)}</td>
                      <td className="earlier-attempts-after">{change.to === null ? NOT_PROVIDED : displayIdentityValue(change.field, change.to)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {attempt.changedPhotos.map((change) => (
              <PhotoPair key={`${change.docType}-${change.side ?? ''}`} change={change} attempt={attempt.attempt} urlOf={photoUrl} />
            ))}
            {attempt.attempt > 1 && attempt.changedFields.length === 0 && attempt.changedPhotos.length === 0 && (
              <p className="earlier-attempts-none">{attempt.submittedAt ? 'Nothing was changed.' : 'Not submitted yet.'}</p>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function AttemptSummary({ attempt }: { attempt: AttemptDto }) {
  const { request } = attempt;
  const step = request ? (RESUBMISSION_STEP_LABELS[request.step as keyof typeof RESUBMISSION_STEP_LABELS] ?? request.step) : null;
  return (
    <p className="earlier-attempts-summary">
      {request ? (
        <>
          {request.by} asked to redo: <strong>{step}</strong>
          {request.label && <> ({request.label})</>} on {formatDateTime(request.at)}.{' '}
        </>
      ) : (
        'The first submission. '
      )}
      {attempt.submittedAt ? `Submitted ${formatDateTime(attempt.submittedAt)}.` : 'Not submitted yet.'}
    </p>
  );
}

function PhotoPair({ change, attempt, urlOf }: { change: PhotoChangeDto; attempt: number; urlOf: (photo: AttemptPhotoDto) => string }) {
  const name = `${documentTypeLabel(change.docType)}${change.side ? `, ${change.side}` : ''}`;
  return (
    <div className="earlier-attempts-images">
      <figure className="earlier-attempts-figure">
        <img src={urlOf(change.before)} alt={`${name} before attempt ${attempt}`} />
        <figcaption>{name}: before</figcaption>
      </figure>
      {change.after && (
        <figure className="earlier-attempts-figure">
          <img src={urlOf(change.after)} alt={`${name} in attempt ${attempt}`} />
          <figcaption>{name}: after</figcaption>
        </figure>
      )}
    </div>
  );
}
