import { ApiProperty } from '@nestjs/swagger';
import { KYC_STATUSES, type KycStatus } from '../../applicants/applicant.enums.js';

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

export class ReviewerStatsDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ description: 'Username when the decision was made' }) name: string;
  @ApiProperty({ description: 'Approvals, rejections and holds in the last 30 days' }) decisions: number;
  @ApiProperty() approved: number;
  @ApiProperty() rejected: number;
  @ApiProperty() held: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Median seconds from the applicant's submission to this reviewer's decision; null when none had a submission time",
  })
  medianSecondsToDecision: number | null;
}

export class SlaStatsDto {
  @ApiProperty({ type: Number, nullable: true, description: "The organization's SLA: hours from submission to a decision; null: none" })
  hours: number | null;

  @ApiProperty({ description: 'Applicants awaiting a decision (prechecked, queued, on hold) submitted longer ago than the SLA; 0 without one' })
  breached: number;
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

  @ApiProperty({
    type: [ReviewerStatsDto],
    description: 'Staff decisions of the last 30 days per reviewer, most decisions first (automatic decisions are not counted)',
  })
  reviewers: ReviewerStatsDto[];

  @ApiProperty({ type: SlaStatsDto, description: 'The SLA and its breaches now' })
  sla: SlaStatsDto;
}

export const EMPTY_STATUS_COUNTS = (): Record<KycStatus, number> => Object.fromEntries(KYC_STATUSES.map((status) => [status, 0])) as Record<KycStatus, number>;
