import { ApiProperty } from '@nestjs/swagger';
import { KYC_STATUSES, type KycStatus } from '../applicant.enums.js';

export class StatusCountsDto {
  @ApiProperty() init: number;
  @ApiProperty() pending: number;
  @ApiProperty() prechecked: number;
  @ApiProperty() queued: number;
  @ApiProperty() completed: number;
  @ApiProperty() onHold: number;
}

export class AnalysisBacklogDto {
  @ApiProperty({ description: 'Waiting for a worker' }) queued: number;
  @ApiProperty({ description: 'Being analysed now' }) running: number;
}

export class OrganizationStatsDto {
  @ApiProperty({ type: StatusCountsDto, description: 'Applicants per kycStatus (every status present, 0 when none)' })
  byStatus: Record<KycStatus, number>;

  @ApiProperty({ description: 'Applicants approved or rejected in the last 7 days' })
  decisionsLast7Days: number;

  @ApiProperty({ description: 'Applicants approved or rejected in the last 30 days' })
  decisionsLast30Days: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Median seconds from submission to the approve/reject decision; null when nothing was decided',
  })
  medianSecondsToDecision: number | null;

  @ApiProperty({ type: AnalysisBacklogDto, description: 'Submissions whose automatic analysis has not finished' })
  analysis: AnalysisBacklogDto;
}

export const EMPTY_STATUS_COUNTS = (): Record<KycStatus, number> =>
  Object.fromEntries(KYC_STATUSES.map((status) => [status, 0])) as Record<KycStatus, number>;
