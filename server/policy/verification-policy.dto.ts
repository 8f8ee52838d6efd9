import { ApiProperty } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsBoolean, IsIn, IsNumber, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { DOCUMENT_SIGNAL_KINDS, type DocumentSignalKind } from '../document-liveness/index.js';
import { INJECTION_SIGNAL_KINDS, type InjectionSignalKind } from '../applicants/capture-signals.js';
import { DEFAULT_SCREENING_THRESHOLD } from '../screening/index.js';
import { AUTO_APPROVAL_RULE, POLICY_CHECKS, type PolicyCheck } from './policy.js';

/** What an organization's verification policy requires and decides without a person. */
export class VerificationPolicyDto {
  @ApiProperty({
    enum: POLICY_CHECKS,
    enumName: 'PolicyCheck',
    isArray: true,
    description: 'Checks that must pass before the policy approves automatically (by their check names)',
  })
  @IsArray()
  @ArrayUnique()
  @IsIn(POLICY_CHECKS, { each: true })
  requiredChecks: PolicyCheck[];

  @ApiProperty({ description: `Approve without a person. ${AUTO_APPROVAL_RULE}` })
  @IsBoolean()
  autoApprove: boolean;

  @ApiProperty({
    required: false,
    description:
      'Approve automatically only when the document was read (its machine-readable zone passed its check digits, or its barcode was read). On when not sent (and for a policy saved before this setting existed).',
  })
  @IsOptional()
  @IsBoolean()
  requireDocumentRead?: boolean;

  @ApiProperty({ description: 'Reject with a named reason on a hard failure of a required check: expired document, under age, blocklisted face' })
  @IsBoolean()
  autoReject: boolean;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 1,
    description: "A stricter face-match similarity than the analysis's own threshold, judged against the similarity the check stored; null: the analysis's",
  })
  @ValidateIf((_object, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  faceMatchThreshold: number | null;

  @ApiProperty({ minimum: 0.5, maximum: 1, example: DEFAULT_SCREENING_THRESHOLD, description: 'Sanctions screening score from which a listed person is a hit' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.5)
  @Max(1)
  screeningThreshold: number;

  @ApiProperty({
    enum: DOCUMENT_SIGNAL_KINDS,
    enumName: 'DocumentSignalKind',
    isArray: true,
    required: false,
    description:
      "The document liveness signals that, when suspected, leave the applicant for a person (rule queue:document-liveness-signal): 'screen' (a photo of a screen), 'print' (a print or photocopy), 'edited' (an edited image). A signal not listed is still shown to the reviewer but holds nothing. Signals, not a certification. All three when not sent (and for a policy saved before this setting existed).",
  })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(DOCUMENT_SIGNAL_KINDS, { each: true })
  queueOnDocumentSignals?: DocumentSignalKind[];

  @ApiProperty({
    enum: INJECTION_SIGNAL_KINDS,
    enumName: 'InjectionSignalKind',
    isArray: true,
    required: false,
    description:
      "The selfie's injection signals that, when suspected, leave the applicant for a person (rule queue:injection-signal): 'virtual-camera' (the camera's label names a virtual camera), 'file-chosen' (a file chosen instead of the camera), 'frame-timing' (frame timing no camera produces). A signal not listed is still shown to the reviewer but holds nothing. Signals, not a certification. All three when not sent (and for a policy saved before this setting existed).",
  })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(INJECTION_SIGNAL_KINDS, { each: true })
  queueOnInjectionSignals?: InjectionSignalKind[];

  @ApiProperty({
    required: false,
    description:
      'Approving past a risk (a check failed or needing review, a sanctions hit, a duplicate or blocklisted face, a document liveness or injection signal) always takes a written override reason; with this on it also takes a second reviewer: the approval becomes a proposal another member confirms. Off when not sent (and for a policy saved before this setting existed).',
  })
  @IsOptional()
  @IsBoolean()
  secondReviewerForOverrides?: boolean;
}

export class VerificationPolicyDetailsDto extends VerificationPolicyDto {
  @ApiProperty({ description: 'false: the default policy (nothing saved yet)' })
  customized: boolean;

  @ApiProperty({ type: String, nullable: true })
  updatedBy: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt: string | null;
}
