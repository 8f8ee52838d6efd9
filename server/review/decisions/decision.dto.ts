import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { REJECT_TYPES, type RejectType } from '../../applicants/applicant.enums.js';
import { NOTE_MAX_LENGTH } from '../notes/applicant-note.entity.js';

/** applicants.version is an integer column (32 bits on both databases). */
export const MAX_VERSION = 2_147_483_647;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** Any staff change may name the applicant version it was based on. */
export class VersionedChangeDto {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_VERSION,
    description: "The applicant's `version` the reviewer saw; if it changed since, the answer is 409 APPLICANT_CHANGED and nothing changes",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_VERSION)
  version?: number;
}

/** An optional internal note with a decision: never sent to the integrator or shown to the end user. */
export class DecisionNoteDto extends VersionedChangeDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: NOTE_MAX_LENGTH,
    description: 'Internal note, kept as a note on the applicant; never sent to the integrator or the end user',
  })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(NOTE_MAX_LENGTH)
  note?: string | null;
}

/** A rejection or hold may name a decision label and carry an internal note. */
class LabelledDecisionDto extends DecisionNoteDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'A decision label of the organization (GET .../decision-labels): its code and title go to the webhook, its end-user text to the verification page',
  })
  @IsOptional()
  @IsUUID('all', { message: 'labelId must be a label id' })
  labelId?: string;
}

export class RejectApplicantDto extends LabelledDecisionDto {
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 1000,
    example: 'The document photo is blurred',
    description: "Required without labelId; with one, defaults to the label's title",
  })
  @ValidateIf((body: RejectApplicantDto) => body.labelId === undefined || body.reason !== undefined)
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'reason must not be empty' })
  @MaxLength(1000)
  reason?: string;

  @ApiPropertyOptional({
    enum: REJECT_TYPES,
    description: 'resubmission: the end user may try again; final: they may not. Required without labelId; with one, defaults to final',
  })
  @ValidateIf((body: RejectApplicantDto) => body.labelId === undefined || body.rejectType !== undefined)
  @IsIn(REJECT_TYPES, { message: `rejectType must be one of: ${REJECT_TYPES.join(', ')}` })
  rejectType?: RejectType;
}

export class HoldApplicantDto extends LabelledDecisionDto {
  @ApiPropertyOptional({ maxLength: 1000, example: 'Waiting for a proof of address' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(1000)
  reason?: string;
}
