import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type { Applicant } from '../applicant.entity.js';

export class LegalHoldRequestDto {
  @ApiProperty({ minLength: 3, maxLength: 500, example: 'Subpoena 2026-114', description: 'Why the hold is placed or lifted; kept in the audit trail' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason: string;
}

/** An applicant exempt from retention and erasure. */
export class LegalHoldDto {
  @ApiProperty({ type: String, format: 'date-time' })
  since: Date;

  @ApiProperty({ description: 'Username of who placed it' })
  placedBy: string;

  @ApiProperty()
  reason: string;
}

export function toLegalHold(applicant: Pick<Applicant, 'legalHoldAt' | 'legalHoldBy' | 'legalHoldReason'>): LegalHoldDto | null {
  return applicant.legalHoldAt ? { since: applicant.legalHoldAt, placedBy: applicant.legalHoldBy ?? '', reason: applicant.legalHoldReason ?? '' } : null;
}
