import { ApiProperty } from '@nestjs/swagger';
import type { Applicant } from '../applicant.entity.js';

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
