import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ApplicantLifecycle } from '../applicants/lifecycle/applicant-lifecycle.service.js';
import { Clock } from '../common/clock.js';
import { JobLockService } from '../common/jobs/job-lock.service.js';
import { appConfig, type AppConfig } from '../config/config.module.js';

const CLEANUP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Removes verifications started and never submitted (and their photos) once they are
 * older than KYC_ABANDONED_AFTER_HOURS — never before a session link made for them could
 * have expired. One replica runs each slot (a job lock).
 */
@Injectable()
export class AbandonedCleanupService {
  private readonly logger = new Logger(AbandonedCleanupService.name);

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    private readonly lifecycle: ApplicantLifecycle,
    private readonly jobs: JobLockService,
    private readonly clock: Clock,
  ) {}

  @Interval('abandoned-applicants-cleanup', CLEANUP_INTERVAL_MS)
  async runScheduled(): Promise<void> {
    await this.jobs.runOnce('abandoned-applicants-cleanup', CLEANUP_INTERVAL_MS - 30_000, () => this.removeAbandoned().then(() => undefined));
  }

  /** Resolves with how many applicants were removed. */
  async removeAbandoned(): Promise<number> {
    const { abandonedAfterMs, sessionTtlMs } = this.env.verification;
    const cutoff = new Date(this.clock.now().getTime() - Math.max(abandonedAfterMs, sessionTtlMs));
    let removed = 0;
    for (let batch = await this.lifecycle.removeAbandoned(cutoff); batch > 0; batch = await this.lifecycle.removeAbandoned(cutoff)) {
      removed += batch;
    }
    if (removed > 0) this.logger.log(`Removed ${removed} abandoned applicant(s) created before ${cutoff.toISOString()}`);
    return removed;
  }
}
