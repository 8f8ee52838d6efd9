import { ApiProperty } from '@nestjs/swagger';

/** One rescreening of verified and undecided applicants after a list import, with its progress. */
export class RescreenDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'The import that changed the list' }) importId: string;
  @ApiProperty({ example: 'ofac-sdn' }) source: string;
  @ApiProperty({ type: String, nullable: true }) version: string | null;
  @ApiProperty({ description: 'Applicants verified since this moment are rescreened (and every submitted applicant not decided yet)' }) verifiedSince: string;
  @ApiProperty({ description: 'Applicants queued' }) total: number;
  @ApiProperty({ description: 'Applicants screened so far' }) screened: number;
  @ApiProperty({ description: 'Applicants whose screening could not run (after retries)' }) failed: number;
  @ApiProperty({
    description:
      'New hits: a verified applicant with one was put on hold and `applicant.screening_hit` sent; an undecided one has its check asking for a review',
  })
  hits: number;
  @ApiProperty({ description: 'Every queued applicant screened (or given up)' }) finished: boolean;
  @ApiProperty() startedAt: string;
}
