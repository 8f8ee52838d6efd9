import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalysisJobs } from './analysis/analysis-jobs.service.js';
import { Applicant } from './applicant.entity.js';
import { KYC_STATUSES, type KycStatus } from './applicant.enums.js';
import type { User } from '../users/user.entity.js';
import { EMPTY_STATUS_COUNTS, type OrganizationStatsDto } from './dto/organization-stats.dto.js';
import { OrganizationAccessService } from '../organizations/organization-access.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts for the organization dashboard, each one indexed aggregate query. */
@Injectable()
export class ApplicantStatsService {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly dataSource: DataSource,
    private readonly analysisJobs: AnalysisJobs,
  ) {}

  async stats(user: User, organizationId: string, now = new Date()): Promise<OrganizationStatsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const id = organization.id;
    const [byStatus, decisionsLast7Days, decisionsLast30Days, medianSecondsToDecision, analysis] = await Promise.all([
      this.countByStatus(id),
      this.countDecisionsSince(id, new Date(now.getTime() - 7 * DAY_MS)),
      this.countDecisionsSince(id, new Date(now.getTime() - 30 * DAY_MS)),
      this.medianSecondsToDecision(id),
      this.analysisJobs.backlog(id),
    ]);
    return { byStatus, decisionsLast7Days, decisionsLast30Days, medianSecondsToDecision, analysis };
  }

  private async countByStatus(organizationId: string): Promise<Record<KycStatus, number>> {
    const rows = await this.applicants()
      .select('a.kycStatus', 'kycStatus')
      .addSelect('COUNT(*)', 'count')
      .where('a.organizationId = :organizationId', { organizationId })
      .groupBy('a.kycStatus')
      .getRawMany<{ kycStatus: string; count: number | string }>();
    const counts = EMPTY_STATUS_COUNTS();
    for (const row of rows) {
      if ((KYC_STATUSES as readonly string[]).includes(row.kycStatus)) counts[row.kycStatus as KycStatus] = Number(row.count);
    }
    return counts;
  }

  /** Applicants whose latest decision (approve or reject; a hold is not one) falls after `since`. */
  private async countDecisionsSince(organizationId: string, since: Date): Promise<number> {
    const row = await this.decided(organizationId)
      .select('COUNT(*)', 'count')
      .andWhere('a.decidedAt >= :since', { since })
      .getRawOne<{ count: number | string }>();
    return Number(row?.count ?? 0);
  }

  /**
   * The median of decidedAt − submittedAt over decided applicants, without
   * percentile functions (SQLite has none): count, then read the one or two middle
   * rows in duration order. Only the duration expression differs per database.
   */
  private async medianSecondsToDecision(organizationId: string): Promise<number | null> {
    const countRow = await this.decided(organizationId).select('COUNT(*)', 'count').getRawOne<{ count: number | string }>();
    const count = Number(countRow?.count ?? 0);
    if (count === 0) return null;
    const seconds = this.secondsBetween('a."submittedAt"', 'a."decidedAt"');
    const middle = await this.decided(organizationId)
      .select(seconds, 'seconds')
      .orderBy(seconds, 'ASC')
      .offset(Math.floor((count - 1) / 2))
      .limit(count % 2 === 0 ? 2 : 1)
      .getRawMany<{ seconds: number | string }>();
    const values = middle.map((row) => Number(row.seconds));
    return Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  }

  private decided(organizationId: string) {
    return this.applicants()
      .where('a.organizationId = :organizationId', { organizationId })
      .andWhere('a.reviewAnswer IS NOT NULL')
      .andWhere('a.decidedAt IS NOT NULL')
      .andWhere('a.submittedAt IS NOT NULL');
  }

  private secondsBetween(from: string, to: string): string {
    return this.dataSource.options.type === 'postgres'
      ? `EXTRACT(EPOCH FROM (${to} - ${from}))`
      : `((julianday(${to}) - julianday(${from})) * 86400.0)`;
  }

  private applicants() {
    return this.dataSource.getRepository(Applicant).createQueryBuilder('a');
  }
}
