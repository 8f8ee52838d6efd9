import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { PERSONAL_FIELDS, type PersonalField } from '../../applicants/applicant-fields.js';
import { ApplicantSummaryDto } from '../details/applicant-details.dto.js';
import { DecisionNoteDto } from './decision.dto.js';
import { RESUBMISSION_STEPS, type ResubmissionStep } from '../../applicants/lifecycle/transitions.js';
import { LABEL_KINDS, type LabelKind } from './decision-label.entity.js';
import { FOUR_EYES_MODES, type FourEyesMode } from './review-settings.entity.js';
import { RISK_CODES, RISK_LEVELS, type RiskCode, type RiskLevel } from '../../policy/approval-risks.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** The longest SLA: a year. */
const SLA_MAX_HOURS = 8760;

export const LABEL_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,63}$/;

export class DecisionLabelInputDto {
  @ApiProperty({ enum: LABEL_KINDS, description: 'Which decision it is for: reject, hold or resubmission' })
  @IsIn(LABEL_KINDS, { message: `kind must be one of: ${LABEL_KINDS.join(', ')}` })
  kind: LabelKind;

  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Document expired', description: 'Shown to staff' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'title must not be empty' })
  @MaxLength(100)
  title: string;

  @ApiProperty({
    minLength: 1,
    maxLength: 500,
    example: 'Your document has expired. Please use a document that is still valid.',
    description: 'Shown to the end user on the verification page',
  })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'endUserText must not be empty' })
  @MaxLength(500)
  endUserText: string;

  @ApiProperty({ pattern: LABEL_CODE_PATTERN.source, example: 'DOCUMENT_EXPIRED', description: 'Sent in the webhook; unique in the organization' })
  @Transform(trim)
  @IsString()
  @Matches(LABEL_CODE_PATTERN, { message: 'code must be 2 to 64 capital letters, digits or _ and start with a letter (e.g. DOCUMENT_EXPIRED)' })
  code: string;

  @ApiPropertyOptional({ description: 'An archived label is kept for the history but offered no more' })
  @IsOptional()
  @IsBoolean()
  archived?: boolean;
}

export class DecisionLabelDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: LABEL_KINDS }) kind: LabelKind;
  @ApiProperty() title: string;
  @ApiProperty() endUserText: string;
  @ApiProperty() code: string;
  @ApiProperty() archived: boolean;
}

export class DecisionLabelDeletionDto {
  @ApiProperty({ description: 'true: the label was used by a decision and is archived instead of deleted' })
  archived: boolean;
}

const OVERRIDE_DESCRIPTION =
  "Why the applicant is approved past its risks (`risk.risks` of the review state: a check failed or needing review, a sanctions hit, a duplicate or blocklisted face, a document liveness or injection signal). Required when there is one (400 OVERRIDE_REASON_REQUIRED without it); kept in the audit entry and sent in the webhook's `data.decision.overrideReason`.";

/** The written reason for approving past the applicant's risks: optional, 1–1000 characters when sent. */
function OverrideReason(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      minLength: 1,
      maxLength: 1000,
      example: 'Hit reviewed with compliance: a namesake, different date of birth',
      description: OVERRIDE_DESCRIPTION,
    }),
    IsOptional(),
    Transform(trim),
    IsString(),
    IsNotEmpty({ message: 'overrideReason must not be empty' }),
    MaxLength(1000),
  );
}

export class ApproveApplicantDto extends DecisionNoteDto {
  @OverrideReason()
  overrideReason?: string;
}

/** Four-eyes: the confirmer may give the override reason a proposal made before the risk appeared lacks. */
export class ConfirmProposalDto {
  @OverrideReason()
  overrideReason?: string;
}

export class ApprovalRiskDto {
  @ApiProperty({ enum: RISK_CODES, enumName: 'RiskCode' }) code: RiskCode;
  @ApiProperty({ description: 'The check it comes from' }) check: string;
  @ApiProperty({ enum: ['high', 'medium'] }) severity: 'high' | 'medium';
  @ApiProperty({ description: "The check's own words" }) detail: string;
}

export class ApplicantRiskDto {
  @ApiProperty({ enum: RISK_LEVELS, enumName: 'RiskLevel', description: 'high when any risk is high, medium when there is one, low when nothing is flagged' })
  level: RiskLevel;
  @ApiProperty({ type: [ApprovalRiskDto], description: 'What approving passes over, the highest first; approving past any takes an override reason' })
  risks: ApprovalRiskDto[];
  @ApiProperty({ description: "The organization's policy: approving past a risk takes a second reviewer" })
  secondReviewerForOverrides: boolean;
}

export class ResubmissionRequestDto extends DecisionNoteDto {
  @ApiProperty({ enum: RESUBMISSION_STEPS, description: 'The one step the end user redoes' })
  @IsIn(RESUBMISSION_STEPS, { message: `step must be one of: ${RESUBMISSION_STEPS.join(', ')}` })
  step: ResubmissionStep;

  @ApiProperty({ format: 'uuid', description: 'A label of kind resubmission: its end-user text says what to redo' })
  @IsUUID('all', { message: 'labelId must be a label id' })
  labelId: string;

  @ApiPropertyOptional({
    enum: PERSONAL_FIELDS,
    isArray: true,
    description: 'With `step: personal-data`: the fields the end user should correct; the form comes back filled in with them marked',
  })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(PERSONAL_FIELDS, { each: true, message: `each field must be one of: ${PERSONAL_FIELDS.join(', ')}` })
  fields?: PersonalField[];
}

export class ReviewSettingsDto {
  @ApiProperty({ enum: FOUR_EYES_MODES, description: 'Four-eyes rule: off, rejections (a rejection needs a second reviewer), all (every decision does)' })
  @IsIn(FOUR_EYES_MODES, { message: `fourEyes must be one of: ${FOUR_EYES_MODES.join(', ')}` })
  fourEyes: FourEyesMode;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: SLA_MAX_HOURS,
    description: 'Hours from submission to a decision (the SLA): an applicant awaiting a decision longer has breached it. null: no SLA; absent: unchanged',
  })
  @IsOptional()
  @IsInt({ message: 'slaHours must be a whole number of hours' })
  @Min(1, { message: `slaHours must be from 1 to ${SLA_MAX_HOURS}` })
  @Max(SLA_MAX_HOURS, { message: `slaHours must be from 1 to ${SLA_MAX_HOURS}` })
  slaHours?: number | null;
}

export class ReviewSettingsDetailsDto extends ReviewSettingsDto {
  @ApiProperty({ type: Number, nullable: true, description: 'Hours from submission to a decision (the SLA); null: no SLA' })
  declare slaHours: number | null;

  @ApiProperty({ description: 'The undo window of a staff decision, in seconds' }) undoWindowSeconds: number;
}

export class ReviewerPreferencesDto {
  @ApiProperty({ description: '"Don\'t ask again": approve without the confirmation dialog' })
  @IsBoolean()
  approveWithoutConfirmation: boolean;
}

export class LabelRefDto {
  @ApiProperty() code: string;
  @ApiProperty() title: string;
}

export class PendingDecisionDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['approve', 'reject', 'hold', 'resubmission'] }) kind: string;
  @ApiProperty({ type: LabelRefDto, nullable: true }) label: LabelRefDto | null;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The proposer's internal note" }) note: string | null;
  @ApiProperty() proposedBy: string;
  @ApiProperty({ description: 'Whether the caller proposed it (then only someone else may confirm it)' }) proposedByMe: boolean;
  @ApiProperty() proposedAt: string;
}

export class UndoableDecisionDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['approve', 'reject', 'hold', 'resubmission'] }) kind: string;
  @ApiProperty() decidedBy: string;
  @ApiProperty() decidedAt: string;
  @ApiProperty({ description: 'Undo works until then' }) undoableUntil: string;
  @ApiProperty({ description: 'Whether the caller may undo it (its author, the owner or an administrator)' }) canUndo: boolean;
}

export class EarlierImageDto {
  @ApiProperty() id: string;
  @ApiProperty() attempt: number;
  @ApiProperty() docType: string;
  @ApiProperty({ nullable: true, type: String }) side: string | null;
  @ApiProperty() uploadedAt: string;
  @ApiProperty() supersededAt: string;
}

export class FieldChangeDto {
  @ApiProperty() field: string;
  @ApiProperty({ nullable: true, type: String }) from: string | null;
  @ApiProperty({ nullable: true, type: String }) to: string | null;
}

export class AttemptPhotoDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'true: an earlier image (GET …/earlier-images/:id); false: the current photo (GET …/images/:id)' }) earlier: boolean;
}

export class PhotoChangeDto {
  @ApiProperty() docType: string;
  @ApiProperty({ nullable: true, type: String }) side: string | null;
  @ApiProperty({ type: AttemptPhotoDto }) before: AttemptPhotoDto;
  @ApiProperty({ type: AttemptPhotoDto, nullable: true }) after: AttemptPhotoDto | null;
}

export class ResubmissionRequestRecordDto {
  @ApiProperty() at: string;
  @ApiProperty() by: string;
  @ApiProperty({ enum: RESUBMISSION_STEPS }) step: string;
  @ApiProperty({ nullable: true, type: String, description: "The label's code" }) label: string | null;
}

export class AttemptDto {
  @ApiProperty() attempt: number;
  @ApiProperty({ type: ResubmissionRequestRecordDto, nullable: true, description: 'The resubmission request that opened it (null for the first)' })
  request: ResubmissionRequestRecordDto | null;
  @ApiProperty({ nullable: true, type: String }) submittedAt: string | null;
  @ApiProperty({ type: [FieldChangeDto], description: 'The data the end user changed in this attempt' }) changedFields: FieldChangeDto[];
  @ApiProperty({ type: [PhotoChangeDto], description: 'The photos this attempt replaced, before and after' }) changedPhotos: PhotoChangeDto[];
}

/** What the decision bar needs beyond the applicant: the four-eyes state, the undo window, labels of the current decision, earlier attempts. */
export class ApplicantReviewStateDto {
  @ApiProperty({ enum: FOUR_EYES_MODES }) fourEyes: FourEyesMode;
  @ApiProperty() approveWithoutConfirmation: boolean;
  @ApiProperty() undoWindowSeconds: number;
  @ApiProperty({ type: PendingDecisionDto, nullable: true }) pendingDecision: PendingDecisionDto | null;
  @ApiProperty({ type: UndoableDecisionDto, nullable: true, description: 'The last decision, while it can still be undone' })
  undoableDecision: UndoableDecisionDto | null;
  @ApiProperty({ type: DecisionLabelDto, nullable: true, description: 'The label of the current rejection, hold or resubmission request' })
  currentLabel: DecisionLabelDto | null;
  @ApiProperty({ nullable: true, type: String, enum: [...RESUBMISSION_STEPS, null] }) resubmissionStep: string | null;
  @ApiProperty() attempt: number;
  @ApiProperty({ type: [EarlierImageDto], description: 'Photos replaced by a resubmission, oldest attempt first' }) earlierImages: EarlierImageDto[];
  @ApiProperty({ type: ApplicantRiskDto, description: "The applicant's risk level and what approving passes over" }) risk: ApplicantRiskDto;
  @ApiProperty({ type: [AttemptDto], description: 'Each submission since the last reset, with what a resubmission changed' }) attempts: AttemptDto[];
}

/** What a staff decision answers. */
export class DecisionResultDto {
  @ApiProperty({ type: ApplicantSummaryDto }) applicant: ApplicantSummaryDto;
  @ApiProperty({ type: UndoableDecisionDto, nullable: true, description: 'The decision made (null when it awaits a second review)' })
  decision: UndoableDecisionDto | null;
  @ApiProperty({ type: PendingDecisionDto, nullable: true, description: 'Four-eyes: the decision recorded as awaiting a second review' })
  pendingDecision: PendingDecisionDto | null;
}
