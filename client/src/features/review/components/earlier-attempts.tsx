import type { ApplicantSummaryDto } from '../../../api/generated/types.gen';
import { applicantDecisionsEarlierImage } from '../../../api/sdk';
import { urlOf } from '../../../api/endpoints';
import { Panel } from '../../../components/panel';
import { documentTypeLabel } from '../../../lib/applicant-labels';
import { useReviewState } from '../api/get-review-state';

import './earlier-attempts.css';

/** The photos replaced after a resubmission request, by attempt; nothing when there are none. */
export function EarlierAttempts({ organizationId, applicant }: { organizationId: string; applicant: ApplicantSummaryDto }) {
  const state = useReviewState(organizationId, applicant.userId);
  const images = state.data?.earlierImages ?? [];
  if (images.length === 0) return null;
  const attempts = [...new Set(images.map((image) => image.attempt))];
  return (
    <Panel
      title="Earlier attempts"
      id="earlier-attempts"
      description="Photos replaced after a resubmission request, kept for the record."
      className="earlier-attempts"
    >
      {attempts.map((attempt) => (
        <div key={attempt} className="earlier-attempts-group">
          <h3 className="earlier-attempts-attempt">Attempt {attempt}</h3>
          <div className="earlier-attempts-images">
            {images
              .filter((image) => image.attempt === attempt)
              .map((image) => {
                const caption = `${documentTypeLabel(image.docType)}${image.side ? `, ${image.side}` : ''} (attempt ${attempt})`;
                return (
                  <figure key={image.id} className="earlier-attempts-figure">
                    <img
                      src={urlOf(applicantDecisionsEarlierImage, { path: { id: organizationId, userId: applicant.userId, imageId: image.id } })}
                      alt={caption}
                    />
                    <figcaption>
                      {caption}, replaced <time dateTime={image.supersededAt}>{new Date(image.supersededAt).toLocaleString()}</time>
                    </figcaption>
                  </figure>
                );
              })}
          </div>
        </div>
      ))}
    </Panel>
  );
}
