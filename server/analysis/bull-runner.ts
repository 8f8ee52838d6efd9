import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { sha256 } from '../common/crypto.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { AnalysisJobs } from '../applicants/analysis/analysis-jobs.js';
import { ANALYSIS_LEASE_MS, AnalysisExecutor, holderName } from './analysis-executor.js';

/** Which side of the queue this process is: the app hands jobs to Redis, `npm run worker` only takes them. */
export const ANALYSIS_ROLE = Symbol('ANALYSIS_ROLE');
export type AnalysisRole = 'app' | 'worker';

/** How often the app hands due jobs to Redis again (retries, expired leases, a lost hand-over). */
const SWEEP_MS = 5000;

interface QueuedJob {
  id: string;
}

/**
 * Analysis over BullMQ (REDIS_URL set): the database row stays the record of each job;
 * app processes hand due rows to a BullMQ queue, and workers — in `npm run worker`
 * processes on any machine, and in the app unless ANALYSIS_WORKERS_ONLY — take them.
 * A worker claims the row before running it, so a job BullMQ delivers twice (a stalled
 * worker, a re-dispatch) still runs once at a time; one that never finishes is handed
 * out again under a new BullMQ id once its lease has ended.
 */
@Injectable()
export class BullRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Analysis');
  private readonly holder = holderName();
  private readonly connections: Redis[] = [];
  private queue: Queue<QueuedJob> | undefined;
  private worker: Worker<QueuedJob> | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private dispatching: Promise<void> | undefined;
  private dispatchAgain = false;

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    @Inject(ANALYSIS_ROLE) private readonly role: AnalysisRole,
    private readonly jobs: AnalysisJobs,
    private readonly executor: AnalysisExecutor,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.env.redisUrl) return;
    if (this.role === 'app') this.startDispatching();
    if (this.role === 'worker' || this.env.analysis.inApp) this.startWorking();
  }

  /** Stops taking jobs and lets running ones finish, while the database and the threads are still there. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeper);
    this.unsubscribe?.();
    await this.dispatching;
    await this.worker?.close();
    await this.queue?.close();
    for (const connection of this.connections) connection.disconnect();
  }

  /** Replicas of one deployment share the queue; deployments on other databases never meet on one Redis. */
  private queueName(): string {
    const database = this.env.databaseUrl ? `${this.env.databaseUrl}#${this.env.databaseSchema ?? ''}` : this.env.dataDir;
    return `kyc-analysis-${sha256(database).slice(0, 12)}`;
  }

  private connection(): Redis {
    // BullMQ's blocking commands need maxRetriesPerRequest: null.
    const connection = new Redis(this.env.redisUrl!, { maxRetriesPerRequest: null });
    connection.on('error', (error) => this.logger.warn(`Redis (analysis queue): ${error.message}`));
    this.connections.push(connection);
    return connection;
  }

  private startDispatching(): void {
    this.queue = new Queue<QueuedJob>(this.queueName(), { connection: this.connection() });
    this.unsubscribe = this.jobs.onQueued(() => void this.dispatch());
    this.sweeper = setInterval(() => void this.dispatch(), SWEEP_MS);
    this.sweeper.unref();
    void this.dispatch();
  }

  /** Hands every due row to BullMQ; a row already waiting there keeps its place (same BullMQ id). */
  private dispatch(): Promise<void> {
    if (this.dispatching) {
      this.dispatchAgain = true;
      return this.dispatching;
    }
    this.dispatching = (async () => {
      do {
        this.dispatchAgain = false;
        const due = await this.jobs.due(500);
        if (due.length === 0) continue;
        await this.queue!.addBulk(
          due.map((job) => ({
            name: job.kind,
            data: { id: job.id },
            // A new id per run and attempt: a re-dispatch of the same attempt is ignored while it waits.
            opts: { jobId: `${job.id}-${job.runs}-${job.attempts}`, removeOnComplete: true, removeOnFail: true },
          })),
        );
      } while (this.dispatchAgain);
    })()
      .catch((error: unknown) => this.logger.error(`Handing analysis jobs to Redis failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.dispatching = undefined;
      });
    return this.dispatching;
  }

  private startWorking(): void {
    this.worker = new Worker<QueuedJob>(
      this.queueName(),
      async (queued) => {
        const job = await this.jobs.claim(this.holder, ANALYSIS_LEASE_MS, queued.data.id);
        if (job) await this.executor.execute(job, this.holder);
      },
      { connection: this.connection(), concurrency: this.env.analysis.threads },
    );
    this.worker.on('error', (error) => this.logger.error(`Analysis worker: ${error.message}`));
  }
}
