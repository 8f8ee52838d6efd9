import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { AnalysisJobs } from '../applicants/analysis/analysis-jobs.js';
import { RESCREENING } from '../applicants/analysis/analysis-kinds.js';
import { ANALYSIS_LEASE_MS, AnalysisExecutor, holderName, JobStop } from './analysis-executor.js';

/** How often an idle runner looks for due jobs (retries, expired leases, other replicas' submissions). */
const POLL_MS = 1000;

export interface RunnerTiming {
  /** How long the runner waits for one job before giving up on it (a failed attempt, retried later). */
  budgetMs: number;
  /** At shutdown, how long running jobs may take to finish before they are put back in the queue. */
  shutdownGraceMs: number;
}

export const RUNNER_TIMING = Symbol('RUNNER_TIMING');
/** Document reading at the lowest priority on a busy machine takes seconds; two minutes is a job gone wrong. */
export const DEFAULT_RUNNER_TIMING: RunnerTiming = { budgetMs: 120_000, shutdownGraceMs: 4_000 };

/**
 * Kinds queued by the thousand with nobody waiting (a rescreening after a list import):
 * after each such job the runner waits half as long as the job took (its time includes the
 * requests served while it waited on a thread), so the backlog leaves the event loop a
 * third of the time at least, whatever else is asked of it.
 */
const BULK_KINDS = new Set([RESCREENING]);
const BULK_SHARE = 2 / 3;
/** The longest pause after one bulk job (a slow job should not stall the backlog). */
const BULK_PAUSE_MAX_MS = 20;

/**
 * The embedded runner (no REDIS_URL): claims jobs from the database and runs up to
 * ANALYSIS_THREADS at a time in this process (the CPU work itself goes to worker threads).
 * Woken at once when this process queues a job; otherwise polls. On SQLite every statement
 * resolves without waiting for I/O, so a backlog of short jobs would run back to back on
 * promise callbacks alone and no request would be answered until it drained: the runner
 * gives the event loop a turn before each claim, and paces bulk work (rescreenings) to two
 * thirds of the loop's time at most. A job gets a time budget; at shutdown, running jobs get a short grace
 * and are then put back in the queue for the next start.
 */
@Injectable()
export class EmbeddedRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Analysis');
  private readonly holder = holderName();
  private readonly running = new Map<Promise<void>, AbortController>();
  private readonly timing: RunnerTiming;
  private stopped = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    private readonly jobs: AnalysisJobs,
    private readonly executor: AnalysisExecutor,
    @Optional() @Inject(RUNNER_TIMING) timing?: RunnerTiming,
  ) {
    this.timing = timing ?? DEFAULT_RUNNER_TIMING;
  }

  onApplicationBootstrap(): void {
    if (this.env.redisUrl || !this.env.analysis.inApp) return;
    this.unsubscribe = this.jobs.onQueued(() => this.wake?.());
    this.loop = this.run();
  }

  /**
   * Stops claiming, gives running jobs the grace to finish, then puts the others back in
   * the queue (their attempt not counted) — while the database is still open.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
    if (this.running.size === 0) return;
    const grace = new AbortController();
    await Promise.race([
      Promise.all(this.running.keys()),
      sleep(this.timing.shutdownGraceMs, undefined, { signal: grace.signal, ref: false }).catch(() => undefined),
    ]);
    grace.abort();
    for (const controller of this.running.values()) controller.abort(JobStop.Shutdown);
    await Promise.all(this.running.keys());
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      // A turn of the event loop first: I/O callbacks (requests, signals) run before the next job.
      await nextTurn();
      if (this.stopped) break;
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
    const controller = new AbortController();
    const started = performance.now();
    const budget = setTimeout(() => controller.abort(JobStop.Budget), this.timing.budgetMs);
    const task: Promise<void> = this.executor
      .execute(job, this.holder, { signal: controller.signal, budgetMs: this.timing.budgetMs })
      .catch((error: unknown) =>
        this.logger.error(`Analysis ${job.kind} of applicant ${job.applicantId} ended badly: ${error instanceof Error ? error.message : String(error)}`),
      )
      .then(async () => {
        clearTimeout(budget);
        // Bulk work leaves the loop to HTTP for half as long as it took (BULK_SHARE) before the slot frees.
        if (BULK_KINDS.has(job.kind) && !this.stopped) {
          const took = performance.now() - started;
          await sleep(Math.min(BULK_PAUSE_MAX_MS, (took * (1 - BULK_SHARE)) / BULK_SHARE));
        }
      })
      .finally(() => {
        this.running.delete(task);
        this.wake?.();
      });
    this.running.set(task, controller);
    return true;
  }
}
