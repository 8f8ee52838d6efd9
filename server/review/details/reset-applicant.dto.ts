import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { VersionedChangeDto } from '../decisions/decision.dto.js';

export const RESET_REASON_MAX_LENGTH = 500;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A reset wipes the applicant's submission: the reviewer says why, for the audit trail. */
export class ResetApplicantDto extends VersionedChangeDto {
  @ApiProperty({
    minLength: 1,
    maxLength: RESET_REASON_MAX_LENGTH,
    example: 'The end user asked to start again with another document',
    description: 'Why the applicant is reset: kept in the `applicant.reset` audit entry and shown in the activity (never sent to the integrator)',
  })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'reason must not be empty: say why the applicant is reset' })
  @MaxLength(RESET_REASON_MAX_LENGTH)
  reason: string;
}
