import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class EraseApplicantDto {
  @ApiProperty({ minLength: 3, maxLength: 500, description: 'Why the applicant is erased (e.g. the person asked under GDPR Art. 17); kept in the tombstone' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason: string;

  @ApiProperty({ maxLength: 128, description: "The applicant's userId again, as a typed confirmation: anything else is refused (400 ERASURE_NOT_CONFIRMED)" })
  @IsString()
  @MaxLength(128)
  confirmUserId: string;
}

/** What is left of an erased applicant. */
export class ApplicantTombstoneDto {
  @ApiProperty({ description: 'The id the applicant had' })
  applicantId: string;

  @ApiProperty({ type: String, format: 'date-time' })
  erasedAt: string;

  @ApiProperty({ description: 'Username of the staff account (or API key owner) that erased it' })
  erasedBy: string;

  @ApiProperty()
  reason: string;
}
