import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { OpensAsUrl } from '../../common/validation/opens-as-url.decorator.js';
import { MARITAL_STATUSES, SEXES } from '../../applicants/applicant.enums.js';
import { SELFIE_POSES, WIDGET_DOC_TYPES, type SelfiePose } from '../../applicants/document-types.js';

/** The integrator's id for its end user: printable, no spaces, at most 128 characters. */
export const USER_ID_PATTERN = /^[A-Za-z0-9._:@|+-]{1,128}$/;

export class UserIdQueryDto {
  @ApiProperty({ description: "The integrator's own id for its end user", example: 'customer-42' })
  @Matches(USER_ID_PATTERN, { message: 'userId must be 1–128 letters, digits or . _ : @ | + -' })
  userId: string;
}

export class StaffTokenQueryDto extends UserIdQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsString()
  organizationId: string;
}

export class StatusQueryDto extends UserIdQueryDto {
  @ApiPropertyOptional({ description: "The companyKey of a companyKey link; when given it must be the organization's" })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  companyKey?: string;

  @ApiProperty({ description: 'The widget token (EventSource cannot send headers)' })
  @IsString()
  @MaxLength(2048)
  token: string;
}

export const WIDGET_SCOPES = ['edit', 'status'] as const;

/** A widget token: bound to one applicant and one session, valid 15 minutes (never past the session's end). */
export class SessionTokenDto {
  @ApiProperty({ description: 'Widget token for `Authorization: Bearer` on the /kyc routes' })
  token: string;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt: Date;

  @ApiProperty({
    enum: WIDGET_SCOPES,
    description: 'edit: the widget steps of this session; status: only the live status (the applicant was submitted)',
  })
  scope: (typeof WIDGET_SCOPES)[number];
}

export class KycTokenResponseDto extends SessionTokenDto {
  @ApiProperty({ example: 'ok' })
  status: string;

  @ApiProperty({ example: 'OK' })
  code: string;

  @ApiProperty()
  message: string;

  @ApiProperty({ description: 'The secret this browser keeps to continue, and later follow, the verification it began (POST /kyc/session-token)' })
  resumeSecret: string;
}

export class SessionTokenRequestDto {
  @ApiProperty({ description: 'The secret of a session link (`/kyc?session=…`) or a resume secret' })
  @IsString()
  @Length(20, 200)
  session: string;
}

export class CreateSessionDto extends UserIdQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  organizationId: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'Known full name, shown prefilled to the end user' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional({ example: '1990-05-17', description: 'Known date of birth, shown prefilled' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateOfBirth must be a date in the form YYYY-MM-DD' })
  dateOfBirth?: string;

  @ApiPropertyOptional({ description: "Where the page goes when done; its origin must be on the organization's allowed list" })
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'redirectUrl must be an http(s) URL' })
  @OpensAsUrl({ message: 'redirectUrl must be an http(s) URL' })
  @MaxLength(2048)
  redirectUrl?: string;

  @ApiPropertyOptional({ minimum: 5, maximum: 10080, description: 'Lifetime of the link in minutes (default KYC_SESSION_TTL_HOURS)' })
  @IsOptional()
  @IsInt()
  @Min(5)
  @Max(10080)
  expiresInMinutes?: number;
}

export class CreatedSessionDto {
  @ApiProperty({ format: 'uuid', description: 'For DELETE /kyc/sessions/{id}' })
  sessionId: string;

  @ApiProperty({ example: 'https://kyc.example.com/kyc?session=…', description: 'Send the end user here; the secret in it works for this applicant only' })
  url: string;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt: Date;
}

export class StaffTokenDto {
  @ApiProperty()
  token: string;
}

export class StaffTokenResponseDto {
  @ApiProperty({ type: StaffTokenDto })
  token: StaffTokenDto;
}

/** What the verification page measured of one capture: the server derives the injection signals from it (applicants/capture-signals.ts). */
export class CaptureReportDto {
  @ApiProperty({ enum: ['camera', 'file'], description: "`camera`: taken in the page's camera view; `file`: a file chosen from the device" })
  @IsIn(['camera', 'file'])
  source: 'camera' | 'file';

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 200,
    description: "The camera track's label (MediaStreamTrack.label), matched against a list of virtual cameras",
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  deviceLabel?: string | null;

  @ApiPropertyOptional({
    type: [Number],
    maxItems: 120,
    description:
      'The intervals between the last frames the camera view received before the capture, in milliseconds (each within ±10,000; zero or negative: a frame repeated or out of order)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(120)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  @Min(-10_000, { each: true })
  @Max(10_000, { each: true })
  frameIntervalsMs?: number[];
}

export class UploadDocumentDto {
  @ApiProperty({ enum: WIDGET_DOC_TYPES })
  @IsIn(WIDGET_DOC_TYPES)
  docType: string;

  @ApiPropertyOptional({ enum: ['front', 'back'], nullable: true })
  @IsOptional()
  @IsIn(['front', 'back'])
  side?: 'front' | 'back';

  @ApiPropertyOptional({
    enum: SELFIE_POSES,
    description:
      "For a selfie: `facing` (the default) looks at the camera; `turned` is the pose challenge's second capture, the head turned to the side the session's `selfieChallenge` asks. A new `facing` selfie drops the session's `turned` one.",
  })
  @IsOptional()
  @IsIn(SELFIE_POSES)
  pose?: SelfiePose;

  @ApiProperty({ description: 'The photo as a data URL (JPEG, PNG or WebP, at most 5 MB)' })
  @IsString()
  data: string;

  @ApiPropertyOptional({
    type: CaptureReportDto,
    description:
      "For a selfie: how it was captured (camera or file, the camera's label, frame timing). The injection signals derived from it are shown to the reviewer and may queue the applicant (the policy's queueOnInjectionSignals); they are signals, not a certification.",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => CaptureReportDto)
  capture?: CaptureReportDto;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = (field: string) => `${field} must be a date in the form YYYY-MM-DD`;

export class PersonalDataDto {
  @ApiProperty() @IsString() @Length(1, 200) name: string;
  @ApiProperty({ example: '1990-05-17' }) @Matches(DATE, { message: DATE_MESSAGE('dateOfBirth') }) dateOfBirth: string;
  @ApiPropertyOptional({ enum: SEXES }) @IsOptional() @IsIn(SEXES) sex?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) placeOfBirth?: string;
  @ApiProperty() @IsString() @Length(1, 64) docNumber: string;
  @ApiPropertyOptional() @IsOptional() @Matches(DATE, { message: DATE_MESSAGE('issuanceDate') }) issuanceDate?: string;
  @ApiProperty() @Matches(DATE, { message: DATE_MESSAGE('expiryDate') }) expiryDate: string;
  @ApiProperty() @IsString() @Length(1, 100) country: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) address?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) issuedIn?: string;
  @ApiPropertyOptional({ enum: MARITAL_STATUSES }) @IsOptional() @IsIn(MARITAL_STATUSES) maritalStatus?: string;
}

export class WidgetImageDto {
  @ApiProperty() docType: string;
  @ApiProperty({ nullable: true, type: String, description: "A document's front or back; for a selfie null (facing the camera) or 'turned'" })
  side: string | null;
}

export class SelfieChallengeDto {
  @ApiProperty({
    enum: ['left', 'right'],
    description: "The side the end user turns their head to (their own left or right) for the selfie's `turned` capture; chosen at random per session",
  })
  turn: 'left' | 'right';
}

export class WidgetPersonalDataDto {
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) dateOfBirth: string | null;
  @ApiProperty({ nullable: true, type: String }) sex: string | null;
  @ApiProperty({ nullable: true, type: String }) placeOfBirth: string | null;
  @ApiProperty({ nullable: true, type: String }) docNumber: string | null;
  @ApiProperty({ nullable: true, type: String }) issuanceDate: string | null;
  @ApiProperty({ nullable: true, type: String }) expiryDate: string | null;
  @ApiProperty({ nullable: true, type: String }) country: string | null;
  @ApiProperty({ nullable: true, type: String }) address: string | null;
  @ApiProperty({ nullable: true, type: String }) issuedIn: string | null;
  @ApiProperty({ nullable: true, type: String }) maritalStatus: string | null;
}

/** What a document photo says, offered to pre-fill the personal data (the end user confirms or corrects it). */
export class WidgetDocumentReadDto {
  @ApiProperty({ nullable: true, type: String, example: 'Maria Silva' }) name: string | null;
  @ApiProperty({ nullable: true, type: String, example: '1990-04-12' }) dateOfBirth: string | null;
  @ApiProperty({ nullable: true, type: String, enum: [...SEXES, null] }) sex: string | null;
  @ApiProperty({ nullable: true, type: String }) docNumber: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2031-08-30' }) expiryDate: string | null;
}

/** Why staff decided as they did, in the organization's words for the end user. */
export class WidgetDecisionMessageDto {
  @ApiProperty({ example: 'Your document has expired. Please verify again with a document that is still valid.' }) message: string;
}

/** Staff asked the end user to redo one step: which, and why. */
export class WidgetResubmissionDto {
  @ApiProperty({ enum: ['document-front', 'document-back', 'selfie', 'personal-data'] }) step: string;
  @ApiProperty({ description: 'What to redo and why, written for the end user' }) message: string;
  @ApiProperty({
    type: [String],
    description: 'With personal-data: the fields the reviewer asked to correct (the form marks them; it comes back filled in with the data sent before)',
  })
  fields: string[];
}

export class WidgetSessionDto {
  @ApiProperty() userId: string;
  @ApiProperty() organizationName: string;
  @ApiProperty({ enum: ['pending', 'processing', 'completed', 'failed'] }) status: string;
  @ApiProperty({ enum: ['builtin', 'sumsub'] }) provider: string;
  @ApiProperty({ nullable: true, type: String }) documentType: string | null;
  @ApiProperty({ type: [WidgetImageDto] }) images: WidgetImageDto[];
  @ApiProperty({ type: WidgetPersonalDataDto }) personalData: WidgetPersonalDataDto;
  @ApiProperty({ nullable: true, type: String }) redirectUrl: string | null;
  @ApiProperty({ description: 'Whether a rejected applicant may try again' }) canResubmit: boolean;
  @ApiProperty({ type: SelfieChallengeDto, nullable: true, description: 'The selfie pose challenge of this session (null for a status-only page)' })
  selfieChallenge: SelfieChallengeDto | null;
  @ApiProperty({ enum: WIDGET_SCOPES, description: 'status: this page may only follow the status; photos and data are never shown' })
  scope: (typeof WIDGET_SCOPES)[number];

  @ApiProperty({ type: WidgetDecisionMessageDto, nullable: true, description: 'On a rejection or hold made with a decision label: its end-user text' })
  decision: WidgetDecisionMessageDto | null;

  @ApiProperty({
    type: WidgetResubmissionDto,
    nullable: true,
    description: 'Set while staff ask to redo one step: only that step is taken; the others are kept',
  })
  resubmission: WidgetResubmissionDto | null;

  @ApiPropertyOptional({
    type: WidgetDocumentReadDto,
    nullable: true,
    description:
      'Only in the answer to a photo upload: what the photo’s machine-readable zone or barcode says (null when it carries none or could not be read)',
  })
  readFromPhoto?: WidgetDocumentReadDto | null;
}
