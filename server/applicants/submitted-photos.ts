import type { FindOptionsWhere } from 'typeorm';
import type { ApplicantImage } from './applicant-image.entity.js';
import type { Applicant } from './applicant.entity.js';

/**
 * Which of the applicant's photos the analyses read: the submitting session's (one uploaded by
 * another session that has not submitted is no part of it). After a resubmission request the
 * submission is every kept photo with the step redone (verification-changes.ts,
 * submissionEvidence): a new attempt keeps the evidence it did not change.
 */
export function submittedPhotos(applicant: Pick<Applicant, 'id' | 'attempt' | 'dataSessionId'>): FindOptionsWhere<ApplicantImage> {
  if (applicant.attempt > 1 || !applicant.dataSessionId) return { applicantId: applicant.id };
  return { applicantId: applicant.id, sessionId: applicant.dataSessionId };
}
