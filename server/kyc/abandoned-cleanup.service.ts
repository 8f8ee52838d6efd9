import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { Applicant } from '../applicants/applicant.entity.js';
import { RETENTION_ACTOR } from '../retention/retention-actor.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { JobLockService } from '../common/jobs/job-lock.service.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { Organization } from '../organizations/organization.entity.js';

const CLEANUP_INTERVAL_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;

/** Which organizations an abandoned-applicants pass covers: one, or every one but those listed. */
interface AbandonedScope {
  organizationId?: string;
  exceptOrganizationIds?: readonly string[];
}

/**
 * Removes verifications started and never submitted (and their photos) once they are
 * older than the organization's retention setting for them, or KYC_ABANDONED_AFTER_HOURS
 * — never before a session link made for them could have expired. Applicants on legal
 * hold stay. One replica runs each slot (a job lock).
 */
@Injectable()
export class AbandonedCleanupService {
  private readonly logger = new Logger(AbandonedCleanupService.name);

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    private readonly audit: AuditService,
    private readonly jobs: JobLockService,
    private readonly clock: Clock,
    private readonly dataSource: DataSource,
  ) {}

  @Interval('abandoned-applicants-cleanup', CLEANUP_INTERVAL_MS)
  async runScheduled(): Promise<void> {
    await this.jobs.runOnce('abandoned-applicants-cleanup', CLEANUP_INTERVAL_MS - 30_000, () => this.removeAbandoned().then(() => undefined));
  }

  /** Resolves with how many applicants were removed. */
  async removeAbandoned(): Promise<number> {
    const { abandonedAfterMs, sessionTtlMs } = this.env.verification;
    const now = this.clock.now().getTime();
    const cutoff = (afterMs: number) => new Date(now - Math.max(afterMs, sessionTtlMs));
    const own = (
      await this.dataSource.getRepository(Organization).find({ select: { id: true, retentionPolicy: true }, where: { retentionPolicy: Not(IsNull()) } })
    )
      .filter((organization) => organization.retentionPolicy?.abandonedDays)
      .map((organization) => ({ id: organization.id, before: cutoff(organization.retentionPolicy!.abandonedDays! * DAY_MS) }));
    let removed = 0;
    for (const organization of own) removed += await this.drain(organization.before, { organizationId: organization.id });
    removed += await this.drain(cutoff(abandonedAfterMs), { exceptOrganizationIds: own.map((organization) => organization.id) });
    if (removed > 0) this.logger.log(`Removed ${removed} abandoned applicant(s)`);
    return removed;
  }

  private async drain(before: Date, scope: AbandonedScope): Promise<number> {
    let removed = 0;
    for (let batch = await this.removeBatch(before, scope); batch > 0; batch = await this.removeBatch(before, scope)) removed += batch;
    return removed;
  }

  /**
   * Removes applicants never submitted that were created before `before` (abandoned on
   * the verification page), photos and sessions with them, of the scope, except those on
   * legal hold. Each organization's audit trail records how many and their ids — never a
   * personal value. At most BATCH per call; resolves with how many.
   */
  private removeBatch(before: Date, scope: AbandonedScope): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const query = manager
        .getRepository(Applicant)
        .createQueryBuilder('a')
        .select(['a.id', 'a.organizationId'])
        .where('a.submittedAt IS NULL')
        .andWhere('a.kycStatus IN (:...statuses)', { statuses: ['init', 'pending'] })
        .andWhere('a.createdAt < :before', { before })
        .andWhere('a.legalHoldAt IS NULL');
      if (scope.organizationId) query.andWhere('a.organizationId = :organizationId', { organizationId: scope.organizationId });
      if (scope.exceptOrganizationIds?.length) query.andWhere('a.organizationId NOT IN (:...except)', { except: scope.exceptOrganizationIds });
      const abandoned = await query.take(BATCH).getMany();
      if (abandoned.length === 0) return 0;
      await manager.delete(Applicant, { id: In(abandoned.map((applicant) => applicant.id)) });
      const byOrganization = new Map<string, Applicant[]>();
      for (const applicant of abandoned) byOrganization.set(applicant.organizationId, [...(byOrganization.get(applicant.organizationId) ?? []), applicant]);
      for (const [organizationId, applicants] of byOrganization) {
        await this.audit.record(manager, {
          actor: RETENTION_ACTOR,
          organizationId,
          action: 'applicants.abandoned_removed',
          detail: { count: applicants.length, applicantIds: applicants.map((applicant) => applicant.id), createdBefore: before.toISOString() },
        });
      }
      return abandoned.length;
    });
  }
}
