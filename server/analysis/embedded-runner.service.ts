import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { AnalysisJobs } from '../applicants/analysis/analysis-jobs.service.js';
import { ANALYSIS_LEASE_MS, AnalysisExecutor, holderName } from './analysis-executor.service.js';

/** How often an idle runner looks for due jobs (retries, expired leases, other replicas' submissions). */
const POLL_MS = 1000;

/**
 * The embedded runner (no REDIS_URL): claims jobs from the database and runs up to
 * ANALYSIS_THREADS at a time in this process (the CPU work itself goes to the worker
 * threads of AnalysisPool). Woken at once when this process queues a job; otherwise
 * polls. A restart resumes whatever was queued, and what was running when the process
 * died is claimed again once its lease ends.
 */
@Injectable()
export class EmbeddedRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Analysis');
  private readonly holder = holderName();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    private readonly jobs: AnalysisJobs,
    private readonly executor: AnalysisExecutor,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.redisUrl || !this.env.analysis.inApp) return;
    this.unsubscribe = this.jobs.onQueued(() => this.wake?.());
    this.loop = this.run();
  }

  /** Stops claiming and lets running jobs finish, while the database and the threads are still there. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
    await Promise.all(this.running);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.running.size < this.env.analysis.threads && (await this.startNext())) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Claims and starts one job; false when none is due (or the database is unreachable). */
  private async startNext(): Promise<boolean> {
    let job;
    try {
      job = await this.jobs.claim(this.holder, ANALYSIS_LEASE_MS);
    } catch (error) {
      this.logger.error(`Claiming an analysis job failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    if (!job) return false;
    const task: Promise<void> = this.executor.execute(job, this.holder).finally(() => {
      this.running.delete(task);
      this.wake?.();
    });
    this.running.add(task);
    return true;
  }
}
