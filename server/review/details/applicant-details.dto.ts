import { ApiProperty } from '@nestjs/swagger';
import { LegalHoldDto } from '../../applicants/dto/legal-hold.dto.js';
import { FaceBlocklistEntryDto } from '../../faces/face-blocklist.dto.js';
import { ApplicantAssigneeDto, TagDto } from '../../applicants/dto/applicant-list.dto.js';
import { ANALYSIS_STATES, type AnalysisJobStatus } from '../../applicants/analysis/analysis-job.entity.js';
import {
  KYC_STATUSES,
  MARITAL_STATUSES,
  REJECT_TYPES,
  REVIEW_ANSWERS,
  SEXES,
  type KycStatus,
  type RejectType,
  type ReviewAnswer,
} from '../../applicants/applicant.enums.js';

export class ApplicantSummaryDto {
  @ApiProperty()
  userId: string;

  @ApiProperty({ enum: KYC_STATUSES })
  kycStatus: KycStatus;

  @ApiProperty({ type: String, nullable: true })
  documentType: string | null;

  @ApiProperty({ enum: [...REVIEW_ANSWERS, null], nullable: true, description: 'Set when kycStatus is completed by a decision' })
  reviewAnswer: ReviewAnswer | null;

  @ApiProperty({ enum: [...REJECT_TYPES, null], nullable: true })
  rejectType: RejectType | null;

  @ApiProperty({ type: String, nullable: true })
  rejectReason: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  submittedAt: Date | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  decidedAt: Date | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({
    description: 'Raised by every change; send it back with a change to refuse it (409 APPLICANT_CHANGED) if someone changed the applicant since',
  })
  version: number;
}

export class ApplicantImageDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'PASSPORT' })
  docType: string;

  @ApiProperty({ type: String, nullable: true, example: 'front', description: 'front or back; null for a selfie' })
  side: string | null;

  @ApiProperty({
    example: '/api/projects/…/applicants/…/images/…',
    description: 'Authorized route serving the bytes to members of the organization (never a public URL)',
  })
  url: string;

  @ApiProperty({ type: () => PhotoMeasuresDto, nullable: true, description: 'Measured at upload (document photos); null for a selfie' })
  quality: PhotoMeasuresDto | null;
}

export class PhotoMeasuresDto {
  @ApiProperty() width: number;
  @ApiProperty() height: number;
  @ApiProperty({ description: 'Variance of the Laplacian on the photo scaled to 1000 px wide: higher is sharper' }) sharpness: number;
  @ApiProperty({ description: 'Share (0–1) of saturated pixels' }) glare: number;
  @ApiProperty({ description: 'Mean luminance, 0–255' }) brightness: number;
}

const text = () => ApiProperty({ type: String, nullable: true });

export class IdentityDto {
  @text() name: string | null;
  @text() dateOfBirth: string | null;
  @ApiProperty({ type: String, nullable: true, enum: [...SEXES, null] }) sex: string | null;
  @text() placeOfBirth: string | null;
  @text() docNumber: string | null;
  @text() issuanceDate: string | null;
  @text() expiryDate: string | null;
  @text() country: string | null;
  @text() address: string | null;
  @text() height: string | null;
  @ApiProperty({ type: String, nullable: true, enum: [...MARITAL_STATUSES, null] }) maritalStatus: string | null;
  @text() issuedIn: string | null;
  @text() fatherName: string | null;
  @text() motherName: string | null;

  @ApiProperty({ type: [ApplicantImageDto] })
  images: ApplicantImageDto[];
}

/** What the analysis read from the document's machine-readable zone or barcode. */
export class DocumentDataDto {
  @ApiProperty({ enum: ['mrz', 'barcode'] }) source: 'mrz' | 'barcode';
  @ApiProperty({
    example: 'TD3',
    description: "The machine-readable zone's format — TD3 (passport), TD2 or TD1 (cards), MRV-A or MRV-B (visas) — or AAMVA (driving licence barcode)",
  })
  format: string;
  @ApiProperty() surname: string;
  @ApiProperty() givenNames: string;
  @ApiProperty() documentNumber: string;
  @text() dateOfBirth: string | null;
  @text() expiryDate: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['M', 'F', 'X', null] }) sex: 'M' | 'F' | 'X' | null;
  @ApiProperty({ type: String, nullable: true, description: 'ICAO / ISO 3166 alpha-3 code' }) nationality: string | null;
  @ApiProperty({ type: String, nullable: true }) issuingState: string | null;
}

export class ApplicantDetailsDto {
  @ApiProperty({ type: ApplicantSummaryDto })
  applicant: ApplicantSummaryDto;

  @ApiProperty({ type: IdentityDto, description: 'The data as the applicant typed it (or staff edited it)' })
  identity: IdentityDto;

  @ApiProperty({
    type: DocumentDataDto,
    nullable: true,
    description: 'What the analysis read from the document; null until it has run, or when nothing could be read',
  })
  document: DocumentDataDto | null;

  @ApiProperty({
    type: String,
    enum: [...ANALYSIS_STATES, null],
    nullable: true,
    description: 'The automatic analysis of the last submission: queued or running until its results arrive; null before any submission',
  })
  analysis: AnalysisJobStatus | null;

  @ApiProperty({ type: FaceBlocklistEntryDto, nullable: true, description: "The blocklist entry of the applicant's face, when staff marked it fraudulent" })
  faceBlocklist: FaceBlocklistEntryDto | null;

  @ApiProperty({ type: ApplicantAssigneeDto, nullable: true, description: 'The staff member working on the applicant (work queue)' })
  assignee: ApplicantAssigneeDto | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Since when the assignee has it' })
  assignedAt: Date | null;

  @ApiProperty({ type: [TagDto], description: "The organization's tags on the applicant, by name" })
  tags: TagDto[];

  @ApiProperty({ type: LegalHoldDto, nullable: true, description: 'Set while the applicant is on legal hold (exempt from retention and erasure)' })
  legalHold: LegalHoldDto | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "When the organization's retention policy removed the photos, selfies and face data (identity data kept)",
  })
  imagesRemovedAt: Date | null;
}

/** What a reset or a decision answers: the applicant's new state, without identity data. */
export class ApplicantChangeDto {
  @ApiProperty({ type: ApplicantSummaryDto })
  applicant: ApplicantSummaryDto;
}
