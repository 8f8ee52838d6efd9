import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { supportsRowLocks } from '../../database/transaction.js';
import { AnalysisJob, type AnalysisJobStatus } from './analysis-job.entity.js';

/** Attempts per submission before a job is given up (its step then records "unavailable"). */
export const MAX_ATTEMPTS = 3;
/** Waits before the second and third attempt. */
const BACKOFF_MS = [10_000, 60_000];
/** Applicants per statement when many are queued at once. */
const ENQUEUE_CHUNK = 200;

export interface AnalysisBacklog {
  queued: number;
  running: number;
}

/**
 * The analysis jobs table: queued inside the transaction that makes them necessary (a
 * submission), claimed with a lease by whichever runner executes them, and finished or
 * retried. Claims are compare-and-set on the row (skipping rows another replica has
 * locked, on PostgreSQL), so a job runs once at a time; an expired lease (a crashed
 * holder) makes it claimable again, so every job runs at least once.
 */
@Injectable()
export class AnalysisJobs {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Queues `kind` for the applicant in the caller's transaction (again, if it ran for an earlier submission). */
  async enqueue(manager: EntityManager, applicantId: string, kind: string): Promise<void> {
    const now = this.clock.now();
    const fresh = { status: 'queued' as const, attempts: 0, runAfter: now, lockedBy: null, lockedUntil: null, lastError: null, finishedAt: null };
    const existing = await manager.findOneBy(AnalysisJob, { applicantId, kind });
    if (existing) await manager.update(AnalysisJob, { id: existing.id }, { ...fresh, runs: existing.runs + 1 });
    else await manager.insert(AnalysisJob, { applicantId, kind, runs: 1, ...fresh });
  }

  /**
   * Queues `kind` for many applicants in the caller's transaction, three statements per 200
   * (the rows that exist, one UPDATE of those, one INSERT of the others): a rescreening
   * queues thousands at a time.
   */
  async enqueueMany(manager: EntityManager, applicantIds: readonly string[], kind: string): Promise<void> {
    const now = this.clock.now();
    const fresh = { status: 'queued' as const, attempts: 0, runAfter: now, lockedBy: null, lockedUntil: null, lastError: null, finishedAt: null };
    // SQLite parses a long IN list into a deep expression tree (at most 1000 deep): 200 at a time.
    for (let i = 0; i < applicantIds.length; i += ENQUEUE_CHUNK) {
      const chunk = applicantIds.slice(i, i + ENQUEUE_CHUNK);
      const existing = await manager.find(AnalysisJob, { where: { applicantId: In(chunk), kind }, select: { id: true, applicantId: true } });
      if (existing.length > 0) {
        await manager
          .createQueryBuilder()
          .update(AnalysisJob)
          .set({ ...fresh, runs: () => '"runs" + 1' })
          .where('id IN (:...ids)', { ids: existing.map((row) => row.id) })
          .execute();
      }
      const queued = new Set(existing.map((row) => row.applicantId));
      const rows = chunk.filter((id) => !queued.has(id)).map((applicantId) => ({ applicantId, kind, runs: 1, ...fresh }));
      if (rows.length > 0) await manager.insert(AnalysisJob, rows);
    }
  }

  /** Tells the runners in this process that jobs were queued; call after the transaction commits. */
  announce(): void {
    for (const listener of this.listeners) listener();
  }

  /** Subscribes to announce(); returns the unsubscribe function. */
  onQueued(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Claims the next due job (or the job `id`, if due) for `holder` until the lease ends.
   * Resolves null when nothing is due or another holder got it first.
   */
  async claim(holder: string, leaseMs: number, id?: string): Promise<AnalysisJob | null> {
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      // Two lookups that each walk the (status, runAfter) index to their first row: one
      // condition with OR made the database sort every due row on every claim (30 ms on
      // SQLite's one connection with 100,000 queued). Expired leases (a holder died) first:
      // they are few, and would otherwise wait behind a whole backlog.
      const next = (condition: string) => {
        const query = manager.getRepository(AnalysisJob).createQueryBuilder('j').where(condition, { now }).orderBy('j.runAfter', 'ASC').limit(1);
        if (id) query.andWhere('j.id = :id', { id });
        if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write').setOnLocked('skip_locked');
        return query.getOne();
      };
      const job = (await next(`j.status = 'running' AND j.lockedUntil < :now`)) ?? (await next(`j.status = 'queued' AND j.runAfter <= :now`));
      if (!job) return null;
      const lease = { status: 'running' as const, lockedBy: holder, lockedUntil: new Date(now.getTime() + leaseMs), attempts: job.attempts + 1 };
      const claimed = await manager
        .createQueryBuilder()
        .update(AnalysisJob)
        .set(lease)
        .where('id = :id', { id: job.id })
        .andWhere(dueCondition(now, ''))
        .execute();
      return claimed.affected === 1 ? Object.assign(job, lease) : null;
    });
  }

  /** Extends `holder`'s lease on a running job; false when the lease was lost (expired and claimed by another). */
  async renew(job: AnalysisJob, holder: string, leaseMs: number): Promise<boolean> {
    const lockedUntil = new Date(this.clock.now().getTime() + leaseMs);
    const result = await this.dataSource
      .createQueryBuilder()
      .update(AnalysisJob)
      .set({ lockedUntil })
      .where('id = :id AND "lockedBy" = :holder AND "status" = :running', { id: job.id, holder, running: 'running' })
      .execute();
    return result.affected === 1;
  }

  /** Marks the job done if `holder` still holds it; false when the lease was lost meanwhile. */
  async complete(job: AnalysisJob, holder: string): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(AnalysisJob)
      .set({ status: 'done', lockedBy: null, lockedUntil: null, lastError: null, finishedAt: this.clock.now() })
      .where('id = :id AND "lockedBy" = :holder AND "status" = :running', { id: job.id, holder, running: 'running' })
      .execute();
    return result.affected === 1;
  }

  /**
   * Puts a job `holder` claims back in the queue as it was before the claim (the attempt
   * not counted), due at once: what a runner does with a job it stops at shutdown.
   */
  async release(job: AnalysisJob, holder: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(AnalysisJob)
      .set({ status: 'queued', attempts: Math.max(0, job.attempts - 1), runAfter: this.clock.now(), lockedBy: null, lockedUntil: null })
      .where('id = :id AND "lockedBy" = :holder AND "status" = :running', { id: job.id, holder, running: 'running' })
      .execute();
  }

  /** Records a failed attempt: queued again after a back-off, or 'failed' once the attempts are spent. */
  async fail(job: AnalysisJob, holder: string, reason: string): Promise<'retry' | 'failed'> {
    const now = this.clock.now();
    const outcome = job.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry';
    await this.dataSource
      .createQueryBuilder()
      .update(AnalysisJob)
      .set({
        status: outcome === 'failed' ? 'failed' : 'queued',
        runAfter: new Date(now.getTime() + (BACKOFF_MS[job.attempts - 1] ?? 0)),
        lockedBy: null,
        lockedUntil: null,
        lastError: reason.slice(0, 500),
        finishedAt: outcome === 'failed' ? now : null,
      })
      .where('id = :id AND "lockedBy" = :holder', { id: job.id, holder })
      .execute();
    return outcome;
  }

  /** Jobs that are due now (queued, or running on an expired lease): what a dispatcher hands to BullMQ. */
  due(limit: number): Promise<AnalysisJob[]> {
    return this.dataSource
      .getRepository(AnalysisJob)
      .createQueryBuilder('j')
      .where(dueCondition(this.clock.now()))
      .orderBy('j.runAfter', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Unfinished jobs of an organization's applicants. */
  async backlog(organizationId: string): Promise<AnalysisBacklog> {
    const rows = await this.dataSource
      .getRepository(AnalysisJob)
      .createQueryBuilder('j')
      .innerJoin('j.applicant', 'a')
      .select('j.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .where('a.organizationId = :organizationId', { organizationId })
      .andWhere('j.status IN (:...open)', { open: ['queued', 'running'] })
      .groupBy('j.status')
      .getRawMany<{ status: AnalysisJobStatus; count: number | string }>();
    const count = (status: AnalysisJobStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
    return { queued: count('queued'), running: count('running') };
  }
}

/** Queued and due, or running on a lease that has ended. `alias` prefixes the columns ('' in an UPDATE). */
function dueCondition(now: Date, alias = 'j.'): Brackets {
  const column = (name: string) => (alias ? `${alias}${name}` : `"${name}"`);
  return new Brackets((q) =>
    q
      .where(`(${column('status')} = 'queued' AND ${column('runAfter')} <= :now)`, { now })
      .orWhere(`(${column('status')} = 'running' AND ${column('lockedUntil')} < :now)`, { now }),
  );
}
