import type { AnalysisJobStatus } from '../../applicants/analysis/analysis-job.entity.js';
import type { ImageListing } from '../../applicants/applicant.reader.js';
import type { Applicant } from '../../applicants/applicant.entity.js';
import type { FaceBlocklistEntryDto } from '../../faces/face-blocklist.dto.js';
import type { ApplicantDetailsDto, ApplicantImageDto, ApplicantSummaryDto } from './applicant-details.dto.js';
import { IDENTITY_FIELDS } from '../../applicants/applicant-fields.js';
import { toLegalHold } from '../../applicants/dto/legal-hold.dto.js';

/** The authorized route that serves an image's bytes (never a public URL). */
export function applicantImageUrl(organizationId: string, userId: string, imageId: string): string {
  return `/api/projects/${organizationId}/applicants/${encodeURIComponent(userId)}/images/${imageId}`;
}

export function toApplicantSummary(applicant: Applicant): ApplicantSummaryDto {
  return {
    userId: applicant.userId,
    kycStatus: applicant.kycStatus,
    documentType: applicant.documentType,
    reviewAnswer: applicant.reviewAnswer,
    rejectType: applicant.rejectType,
    rejectReason: applicant.rejectReason,
    submittedAt: applicant.submittedAt,
    decidedAt: applicant.decidedAt,
    createdAt: applicant.createdAt,
    version: applicant.version,
  };
}

export function toApplicantDetails(
  applicant: Applicant,
  images: ImageListing[],
  analysis: AnalysisJobStatus | null,
  faceBlocklist: FaceBlocklistEntryDto | null,
  workflow: Pick<ApplicantDetailsDto, 'assignee' | 'tags'> = { assignee: null, tags: [] },
): ApplicantDetailsDto {
  const identity = Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, applicant[field]])) as Record<(typeof IDENTITY_FIELDS)[number], string | null>;
  const imageDtos: ApplicantImageDto[] = images.map((image) => ({
    id: image.id,
    docType: image.docType,
    side: image.side,
    url: applicantImageUrl(applicant.organizationId, applicant.userId, image.id),
    quality: image.quality,
  }));
  return {
    applicant: toApplicantSummary(applicant),
    identity: { ...identity, images: imageDtos },
    document: applicant.documentData,
    analysis,
    faceBlocklist,
    assignee: workflow.assignee,
    assignedAt: workflow.assignee ? applicant.assignedAt : null,
    tags: workflow.tags,
    legalHold: toLegalHold(applicant),
    imagesRemovedAt: applicant.imagesRemovedAt,
  };
}
