import { ApiProperty } from '@nestjs/swagger';
import { CHECK_VERDICTS, type CheckVerdict } from '../applicant-check.entity.js';

export class ApplicantCheckDto {
  @ApiProperty({
    example: 'document-read',
    description:
      'document-not-expired, adult, document-number-unique, images-readable (at submission); document-read, data-matches-document, document-liveness (after the analysis)',
  })
  name: string;

  @ApiProperty({ enum: CHECK_VERDICTS, description: 'needs-review: a person must look; unavailable: the check could not run' })
  verdict: CheckVerdict;

  @ApiProperty({ description: "verdict === 'passed'" })
  passed: boolean;

  @ApiProperty({ type: Number, nullable: true, description: 'A measure where the check has one, 0 to 1' })
  score: number | null;

  @ApiProperty()
  detail: string;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'What the check saw (extracted fields, per-field comparisons)' })
  evidence: Record<string, unknown> | null;

  @ApiProperty()
  createdAt: Date;
}
