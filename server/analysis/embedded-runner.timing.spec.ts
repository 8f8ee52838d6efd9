import type { AppConfig } from '../config/config.module.js';
import type { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import type { AnalysisJobs } from '../applicants/analysis/analysis-jobs.js';
import type { AutomaticDecisions } from '../policy/automatic-decisions.js';
import { AnalysisExecutor } from './analysis-executor.js';
import { AnalysisHandlers } from './analysis-handlers.js';
import { EmbeddedRunner } from './embedded-runner.js';

/**
 * An in-memory jobs table whose every call resolves at once, as statements on SQLite's one
 * synchronous connection do: nothing in it gives the event loop a turn.
 */
class MemoryJobs {
  readonly queued: AnalysisJob[] = [];
  readonly done: string[] = [];
  readonly failed: { id: string; reason: string }[] = [];
  readonly released: string[] = [];
  readonly running = new Map<string, string>();

  add(count: number, kind = 'document'): void {
    for (let i = 0; i < count; i += 1)
      this.queued.push({ id: `${kind}-${this.queued.length + this.done.length}`, applicantId: `a${i}`, kind, attempts: 0 } as AnalysisJob);
  }
  onQueued(): () => void {
    return () => undefined;
  }
  async claim(holder: string): Promise<AnalysisJob | null> {
    const job = this.queued.shift();
    if (!job) return null;
    job.attempts += 1;
    this.running.set(job.id, holder);
    return job;
  }
  async renew(): Promise<boolean> {
    return true;
  }
  async complete(job: AnalysisJob, holder: string): Promise<boolean> {
    if (this.running.get(job.id) !== holder) return false;
    this.running.delete(job.id);
    this.done.push(job.id);
    return true;
  }
  async fail(job: AnalysisJob, _holder: string, reason: string): Promise<'retry' | 'failed'> {
    this.running.delete(job.id);
    this.failed.push({ id: job.id, reason });
    return 'retry';
  }
  async release(job: AnalysisJob): Promise<void> {
    this.running.delete(job.id);
    this.released.push(job.id);
    this.queued.unshift(job);
  }
}

const env = { redisUrl: undefined, analysis: { threads: 1, inApp: true } } as unknown as AppConfig;

function runner(jobs: MemoryJobs, run: (job: AnalysisJob) => Promise<void>, timing: { budgetMs: number; shutdownGraceMs: number }) {
  const handlers = new AnalysisHandlers();
  handlers.register('document', { run, giveUp: async () => undefined });
  const decisions = { afterAnalysis: async () => null } as unknown as AutomaticDecisions;
  const executor = new AnalysisExecutor(jobs as unknown as AnalysisJobs, handlers, decisions);
  // The fourth argument (the timing) is what these tests are about; an older runner ignores it.
  const Runner = EmbeddedRunner as unknown as new (...args: unknown[]) => EmbeddedRunner;
  return new Runner(env, jobs, executor, timing);
}

const until = async (condition: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
};

describe('the embedded analysis runner', () => {
  it('gives the event loop a turn between jobs, even when every statement resolves at once', async () => {
    const jobs = new MemoryJobs();
    jobs.add(3000);
    const subject = runner(jobs, async () => undefined, { budgetMs: 60_000, shutdownGraceMs: 1000 });
    subject.onApplicationBootstrap();
    // A timer (what an HTTP request's I/O waits behind) set as the runner starts fires
    // after a job or two, not after the whole backlog.
    const doneWhenTheTimerFired = await new Promise<number>((resolve) => setTimeout(() => resolve(jobs.done.length), 0));
    await subject.onModuleDestroy();
    expect(doneWhenTheTimerFired).toBeLessThan(20);
  });

  it('gives up waiting for a job past its time budget (a failed attempt, retried later) and goes on with the next', async () => {
    const jobs = new MemoryJobs();
    jobs.add(2);
    const subject = runner(jobs, (job) => (job.id === 'document-0' ? new Promise<void>(() => undefined) : Promise.resolve()), {
      budgetMs: 150,
      shutdownGraceMs: 1000,
    });
    subject.onApplicationBootstrap();
    const moved = await until(() => jobs.done.includes('document-1'), 3000);
    await Promise.race([subject.onModuleDestroy(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    expect(moved).toBe(true);
    expect(jobs.failed).toEqual([{ id: 'document-0', reason: expect.stringMatching(/time budget of 0\.15 s/) }]);
  });

  it('shuts down within its grace while a job hangs: the job goes back to the queue, the rest stay queued', async () => {
    const jobs = new MemoryJobs();
    jobs.add(5);
    const subject = runner(jobs, () => new Promise<void>(() => undefined), { budgetMs: 60_000, shutdownGraceMs: 200 });
    subject.onApplicationBootstrap();
    await until(() => jobs.running.size === 1, 1000);
    const started = Date.now();
    const closed = await Promise.race([subject.onModuleDestroy().then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000))]);
    expect(closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(jobs.released).toEqual(['document-0']);
    expect(jobs.running.size).toBe(0);
    expect(jobs.queued.map((job) => job.id)).toEqual(['document-0', 'document-1', 'document-2', 'document-3', 'document-4']);
    expect(jobs.failed).toEqual([]);
  });
});
