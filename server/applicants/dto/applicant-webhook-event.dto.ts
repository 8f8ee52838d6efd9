import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { APPLICANT_EVENT_TYPES } from '../../webhooks/webhook-events.js';
import { DOCUMENT_TYPES, KYC_STATUSES, REJECT_TYPES, REVIEW_ANSWERS } from '../applicant.enums.js';
import { RESUBMISSION_STEPS } from '../lifecycle/transitions.js';

/*
 * The applicant events' webhook body (server/webhooks/webhook-events.ts builds it), for the
 * OpenAPI document's `webhooks`; the OpenAPI lint checks bodies built by applicantEventBody against it.
 */
export class WebhookAutomaticDecision {
  @ApiProperty({ enum: [true] })
  automatic: true;

  @ApiProperty({
    description: 'auto-approve:all-required-checks-passed, auto-reject:document-expired, auto-reject:under-age or auto-reject:blocklisted-face',
    example: 'auto-approve:all-required-checks-passed',
  })
  rule: string;

  @ApiProperty({ example: 'Every required check passed: document-not-expired, age-over-18' })
  reason: string;
}

export class WebhookScreeningHit {
  @ApiProperty({ description: 'The sanctions list', example: 'ofac-sdn' })
  list: string;

  @ApiProperty({ description: "The list's own id of the entry", example: '36216' })
  externalId: string;

  @ApiProperty({ description: 'The name as listed', example: 'Ivan Petrov' })
  name: string;

  @ApiProperty({ description: 'How closely the applicant matches (0 to 1)', example: 0.93 })
  score: number;
}

export class WebhookScreening {
  @ApiProperty({ type: [WebhookScreeningHit], description: 'The new hits only (list data, never the applicant’s)' })
  hits: WebhookScreeningHit[];
}

export class WebhookDecisionLabel {
  @ApiProperty({ description: "The label's machine code, defined by the organization", example: 'BLURRY_PHOTO' })
  code: string;

  @ApiProperty({ description: "The label's title", example: 'The photo is blurred' })
  title: string;
}

export class WebhookResubmission {
  @ApiProperty({ enum: RESUBMISSION_STEPS, description: 'The step the end user is asked to redo' })
  step: string;
}

export class WebhookDuplicate {
  @ApiProperty({ description: 'Your id of the later applicant whose selfie has the same face', example: 'customer-77' })
  userId: string;

  @ApiProperty({ description: 'How similar the two faces are (cosine similarity of their embeddings, 0 to 1)', example: 0.82 })
  similarity: number;

  @ApiProperty({ description: 'Whether the two applicants’ names or dates of birth differ: one face under two identities' })
  differentIdentity: boolean;
}

/** `data` of the applicant events: the applicant's status only — never identity data or images. */
export class ApplicantWebhookData {
  @ApiProperty({ format: 'uuid' })
  organizationId: string;

  @ApiProperty({ description: 'Your own id for the end user', example: 'customer-42' })
  userId: string;

  @ApiProperty({ enum: KYC_STATUSES })
  kycStatus: string;

  @ApiProperty({ type: String, enum: DOCUMENT_TYPES, nullable: true })
  documentType: string | null;

  @ApiProperty({ type: String, enum: REVIEW_ANSWERS, nullable: true })
  reviewAnswer: string | null;

  @ApiProperty({ type: String, enum: REJECT_TYPES, nullable: true })
  rejectType: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Shown to the end user' })
  rejectReason: string | null;

  @ApiPropertyOptional({ type: WebhookAutomaticDecision, description: "Set when the organization's verification policy decided" })
  decision?: WebhookAutomaticDecision;

  @ApiPropertyOptional({ type: WebhookScreening, description: 'Set on applicant.screening_hit' })
  screening?: WebhookScreening;

  @ApiPropertyOptional({ type: WebhookDecisionLabel, description: 'Set on a rejection, hold or resubmission request made with a decision label' })
  label?: WebhookDecisionLabel;

  @ApiPropertyOptional({ type: WebhookResubmission, description: 'Set on applicant.resubmission_requested' })
  resubmission?: WebhookResubmission;

  @ApiPropertyOptional({ type: WebhookDuplicate, description: 'Set on applicant.duplicate_found' })
  duplicate?: WebhookDuplicate;
}

export class ApplicantWebhookEvent {
  @ApiProperty({ enum: APPLICANT_EVENT_TYPES })
  type: string;

  @ApiProperty({ format: 'date-time', description: 'When the change happened (not when this attempt was made)' })
  timestamp: string;

  @ApiProperty({ type: ApplicantWebhookData })
  data: ApplicantWebhookData;
}
