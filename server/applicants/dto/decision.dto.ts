import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { REJECT_TYPES, type RejectType } from '../applicant.enums.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RejectApplicantDto {
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

export class HoldApplicantDto {
  @ApiPropertyOptional({ maxLength: 1000, example: 'Waiting for a proof of address' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(1000)
  reason?: string;
}
