import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DataSource, IsNull, Not } from 'typeorm';
import { ApplicantLifecycle, type AbandonedScope } from '../applicants/lifecycle/applicant-lifecycle.service.js';
import { Clock } from '../common/clock.js';
import { JobLockService } from '../common/jobs/job-lock.service.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { Organization } from '../organizations/organization.entity.js';

const CLEANUP_INTERVAL_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

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
    private readonly lifecycle: ApplicantLifecycle,
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
    const own = (await this.dataSource.getRepository(Organization).find({ select: { id: true, retentionPolicy: true }, where: { retentionPolicy: Not(IsNull()) } }))
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
    for (let batch = await this.lifecycle.removeAbandoned(before, scope); batch > 0; batch = await this.lifecycle.removeAbandoned(before, scope)) {
      removed += batch;
    }
    return removed;
  }
}
