import { ApiProperty } from '@nestjs/swagger';
import { KYC_STATUSES, MARITAL_STATUSES, REJECT_TYPES, REVIEW_ANSWERS, SEXES, type KycStatus, type RejectType, type ReviewAnswer } from '../applicant.enums.js';

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

  @ApiProperty({ description: 'Raised by every change; send it back with a change to refuse it (409 APPLICANT_CHANGED) if someone changed the applicant since' })
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

export class ApplicantDetailsDto {
  @ApiProperty({ type: ApplicantSummaryDto })
  applicant: ApplicantSummaryDto;

  @ApiProperty({ type: IdentityDto })
  identity: IdentityDto;
}

/** What a reset or a decision answers: the applicant's new state, without identity data. */
export class ApplicantChangeDto {
  @ApiProperty({ type: ApplicantSummaryDto })
  applicant: ApplicantSummaryDto;
}
