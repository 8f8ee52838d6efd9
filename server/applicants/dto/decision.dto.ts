import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { REJECT_TYPES, type RejectType } from '../applicant.enums.js';

/** applicants.version is an integer column (32 bits on both databases). */
export const MAX_VERSION = 2_147_483_647;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

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

export class RejectApplicantDto extends VersionedChangeDto {
  @ApiProperty({ minLength: 1, maxLength: 1000, example: 'The document photo is blurred' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'reason must not be empty' })
  @MaxLength(1000)
  reason: string;

  @ApiProperty({ enum: REJECT_TYPES, description: 'resubmission: the end user may try again; final: they may not' })
  @IsIn(REJECT_TYPES, { message: `rejectType must be one of: ${REJECT_TYPES.join(', ')}` })
  rejectType: RejectType;
}

export class HoldApplicantDto extends VersionedChangeDto {
  @ApiPropertyOptional({ maxLength: 1000, example: 'Waiting for a proof of address' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(1000)
  reason?: string;
}
