import { Injectable, Logger } from '@nestjs/common';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { redactAddresses } from '../common/redact.js';
import type { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import { AnalysisJobs } from '../applicants/analysis/analysis-jobs.js';
import { AutomaticDecisions } from '../policy/automatic-decisions.js';
import { AnalysisHandlers } from './analysis-handlers.js';

/**
 * How long a claim holds a job unless renewed. The holder renews it every third of
 * that while the job runs, so a long read keeps its job, and a holder that dies (killed,
 * crashed, its machine gone) loses it this long after its last renewal; another one
 * then runs the job again.
 */
export const ANALYSIS_LEASE_MS = 20_000;
const RENEW_EVERY_MS = ANALYSIS_LEASE_MS / 3;

/** Names this process's claims: host, pid and a random part (pids repeat across containers). */
export function holderName(): string {
  return `${hostname().slice(0, 32)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** Why a runner stopped waiting for a job (the reason of its AbortSignal). */
export enum JobStop {
  /** It ran past its time budget: a failed attempt, retried after the back-off. */
  Budget = 'budget',
  /** The process is shutting down: the job goes back to the queue, its attempt not counted. */
  Shutdown = 'shutdown',
}

export interface ExecuteOptions {
  /** Aborted with a JobStop when the runner stops waiting. */
  signal?: AbortSignal;
  /** The budget the signal enforces, for the failure's message. */
  budgetMs?: number;
}

/** Rejects with the signal's reason once it aborts. */
function stopped(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const stop = () => reject(new Error(`stopped: ${String(signal.reason)}`));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/** Runs one claimed job through its handler and records the outcome on the job's row. */
@Injectable()
export class AnalysisExecutor {
  private readonly logger = new Logger('Analysis');

  constructor(
    private readonly jobs: AnalysisJobs,
    private readonly handlers: AnalysisHandlers,
    private readonly decisions: AutomaticDecisions,
  ) {}

  async execute(job: AnalysisJob, holder: string, options: ExecuteOptions = {}): Promise<void> {
    const { signal } = options;
    const handler = this.handlers.get(job.kind);
    const renewal = setInterval(() => {
      this.jobs.renew(job, holder, ANALYSIS_LEASE_MS).then(
        (held) => held || this.logger.warn(`Analysis ${job.kind} of applicant ${job.applicantId} lost its lease while running`),
        (error: unknown) => this.logger.warn(`Renewing the lease of analysis ${job.kind} failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, RENEW_EVERY_MS);
    try {
      if (!handler) throw new Error(`no handler for the analysis kind '${job.kind}'`);
      const work = handler.run(job, signal);
      if (signal) {
        // Given up on, the work may still end later: its outcome is refused by the lease check.
        work.catch(() => undefined);
        await Promise.race([work, stopped(signal)]);
      } else {
        await work;
      }
      if (!(await this.jobs.complete(job, holder))) {
        this.logger.warn(`Analysis ${job.kind} of applicant ${job.applicantId} finished after its lease ended; another holder runs it again`);
        return;
      }
      await this.decide(job);
    } catch (error) {
      if (signal?.aborted && signal.reason === JobStop.Shutdown) {
        await this.jobs.release(job, holder);
        this.logger.log(`Analysis ${job.kind} of applicant ${job.applicantId} put back in the queue at shutdown`);
        return;
      }
      const message =
        signal?.aborted && signal.reason === JobStop.Budget
          ? `ran past its time budget of ${(options.budgetMs ?? 0) / 1000} s`
          : error instanceof Error
            ? error.message
            : String(error);
      const reason = redactAddresses(message);
      const outcome = await this.jobs.fail(job, holder, reason);
      this.logger.warn(
        `Analysis ${job.kind} of applicant ${job.applicantId} failed (attempt ${job.attempts}, ${outcome === 'retry' ? 'will retry' : 'given up'}): ${reason}`,
      );
      if (outcome === 'failed' && handler) {
        await handler.giveUp(job, reason).catch((giveUpError: unknown) => {
          this.logger.error(`Recording the failure of analysis ${job.kind} of applicant ${job.applicantId} failed: ${String(giveUpError)}`);
        });
        await this.decide(job);
      }
    } finally {
      clearInterval(renewal);
    }
  }

  /** The last analysis of a submission in: the organization's verification policy decides. */
  private async decide(job: AnalysisJob): Promise<void> {
    try {
      await this.decisions.afterAnalysis(job.applicantId);
    } catch (error) {
      // The applicant stays queued for a person: a failed automatic decision loses nothing.
      this.logger.error(`The verification policy could not decide on applicant ${job.applicantId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
