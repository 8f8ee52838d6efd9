import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Brackets, DataSource } from 'typeorm';
import { Clock } from '../clock.js';
import { JobLock } from './job-lock.entity.js';

/**
 * "Run this slot of a scheduled job on one replica only": a compare-and-set on the
 * job's row, the same on SQLite and PostgreSQL. The lock is kept for the whole slot
 * (not released when the run ends), so a replica whose timer fires a moment later
 * finds it taken and skips.
 */
@Injectable()
export class JobLockService {
  private readonly holder = randomUUID();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Runs `work` if this replica wins the slot; resolves with whether it ran. */
  async runOnce(name: string, slotMs: number, work: () => Promise<void>): Promise<boolean> {
    const now = this.clock.now();
    await this.dataSource.createQueryBuilder().insert().into(JobLock).values({ name, lockedUntil: null, lockedBy: null }).orIgnore().execute();
    const claimed = await this.dataSource
      .createQueryBuilder()
      .update(JobLock)
      .set({ lockedUntil: new Date(now.getTime() + slotMs), lockedBy: this.holder })
      .where('"name" = :name', { name })
      .andWhere(new Brackets((q) => q.where('"lockedUntil" IS NULL').orWhere('"lockedUntil" <= :now', { now })))
      .execute();
    if (claimed.affected !== 1) return false;
    await work();
    return true;
  }
}
