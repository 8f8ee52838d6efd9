import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalysisJobs } from '../../applicants/analysis/analysis-jobs.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import { AWAITING_DECISION_STATUSES, KYC_STATUSES, type KycStatus } from '../../applicants/applicant.enums.js';
import type { User } from '../../users/user.entity.js';
import { AuditEvent } from '../../audit/audit-event.entity.js';
import { EMPTY_STATUS_COUNTS, type OrganizationStatsDto, type ReviewerStatsDto, type SlaStatsDto } from './organization-stats.dto.js';
import { ReviewSla } from '../assignment/review-sla.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit actions that are a reviewer's decision, and the count each one adds to. */
const DECISION_ACTIONS = { 'applicant.approved': 'approved', 'applicant.rejected': 'rejected', 'applicant.held': 'held' } as const;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
}

/** Counts for the organization dashboard, each one indexed aggregate query. */
@Injectable()
export class ApplicantStatsService {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly dataSource: DataSource,
    private readonly analysisJobs: AnalysisJobs,
    private readonly sla: ReviewSla,
  ) {}

  async stats(user: User, organizationId: string, now = new Date()): Promise<OrganizationStatsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const id = organization.id;
    const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
    const [byStatus, decisionsLast7Days, decisionsLast30Days, medianSecondsToDecision, analysis, reviewers, sla] = await Promise.all([
      this.countByStatus(id),
      this.countDecisionsSince(id, new Date(now.getTime() - 7 * DAY_MS)),
      this.countDecisionsSince(id, monthAgo),
      this.medianSecondsToDecision(id),
      this.analysisJobs.backlog(id),
      this.reviewersSince(id, monthAgo),
      this.slaBreaches(id),
    ]);
    return { byStatus, decisionsLast7Days, decisionsLast30Days, medianSecondsToDecision, analysis, reviewers, sla };
  }

  /** The organization's SLA and how many applicants awaiting a decision are past it now. */
  private async slaBreaches(organizationId: string): Promise<SlaStatsDto> {
    const hours = await this.sla.hoursOf(organizationId);
    if (hours === null) return { hours, breached: 0 };
    const cutoff = (await this.sla.cutoff(organizationId))!;
    const row = await this.applicants()
      .select('COUNT(*)', 'count')
      .where('a.organizationId = :organizationId', { organizationId })
      .andWhere('a.kycStatus IN (:...awaiting)', { awaiting: AWAITING_DECISION_STATUSES })
      .andWhere('a.submittedAt < :cutoff', { cutoff })
      .getRawOne<{ count: number | string }>();
    return { hours, breached: Number(row?.count ?? 0) };
  }

  /**
   * Each staff decision recorded in the audit trail since `since` (the organization's
   * createdAt index), with the applicant's submission time where it still precedes the
   * decision (a later resubmission moves it), grouped per reviewer in memory.
   */
  private async reviewersSince(organizationId: string, since: Date): Promise<ReviewerStatsDto[]> {
    const rows = await this.dataSource
      .getRepository(AuditEvent)
      .createQueryBuilder('e')
      .leftJoin(Applicant, 'a', 'a.id = e.applicantId')
      .select('e.actorId', 'actorId')
      .addSelect('e.actorName', 'actorName')
      .addSelect('e.action', 'action')
      .addSelect(this.secondsBetween('a."submittedAt"', 'e."createdAt"'), 'seconds')
      .where('e.organizationId = :organizationId', { organizationId })
      .andWhere('e.createdAt >= :since', { since })
      .andWhere('e.action IN (:...actions)', { actions: Object.keys(DECISION_ACTIONS) })
      .andWhere('e.actorId IS NOT NULL')
      .orderBy('e.createdAt', 'ASC')
      .getRawMany<{ actorId: string; actorName: string; action: keyof typeof DECISION_ACTIONS; seconds: number | string | null }>();
    const byReviewer = new Map<string, ReviewerStatsDto & { durations: number[] }>();
    for (const row of rows) {
      let reviewer = byReviewer.get(row.actorId);
      if (!reviewer) {
        reviewer = { userId: row.actorId, name: row.actorName, decisions: 0, approved: 0, rejected: 0, held: 0, medianSecondsToDecision: null, durations: [] };
        byReviewer.set(row.actorId, reviewer);
      }
      reviewer.name = row.actorName;
      reviewer.decisions += 1;
      reviewer[DECISION_ACTIONS[row.action]] += 1;
      const seconds = row.seconds === null ? NaN : Number(row.seconds);
      if (seconds >= 0) reviewer.durations.push(seconds);
    }
    return [...byReviewer.values()]
      .map(({ durations, ...reviewer }) => ({ ...reviewer, medianSecondsToDecision: median(durations) }))
      .sort((a, b) => b.decisions - a.decisions || a.name.localeCompare(b.name));
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
    return this.dataSource.options.type === 'postgres' ? `EXTRACT(EPOCH FROM (${to} - ${from}))` : `((julianday(${to}) - julianday(${from})) * 86400.0)`;
  }

  private applicants() {
    return this.dataSource.getRepository(Applicant).createQueryBuilder('a');
  }
}
