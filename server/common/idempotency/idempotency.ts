import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Interval } from '@nestjs/schedule';
import { setTimeout as sleep } from 'node:timers/promises';
import { LessThan, type Repository } from 'typeorm';
import { Clock } from '../clock.js';
import { sha256 } from '../crypto.js';
import { isUniqueViolation } from '../database-errors.js';
import { JobLockService } from '../jobs/job-lock.service.js';
import { IdempotencyRecord } from './idempotency-record.entity.js';
import { IDEMPOTENCY_ERRORS } from './idempotency.errors.js';

/** How long a key names its request. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for the first request with its key to finish. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentAnswer<T> {
  body: T;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/** JSON with object keys sorted, so that the same body hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, item]) => `${JSON.stringify(k)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Idempotent creates (the `Idempotency-Key` header, as Stripe's API has it): the first
 * request with a key claims it (a unique row per caller, operation and key) and its
 * answer is stored; a retry with the same key and body within 24 hours gets that answer
 * without running again — also when it arrives while the first is still running (it
 * waits up to 10 s); the same key with another body is refused. A request that fails
 * frees its key. Across replicas the database's unique index decides who runs.
 */
@Injectable()
export class Idempotency {
  constructor(
    @InjectRepository(IdempotencyRecord) private readonly records: Repository<IdempotencyRecord>,
    private readonly clock: Clock,
    private readonly jobs: JobLockService,
  ) {}

  async run<T>(scope: { userId: string; operation: string }, key: string | undefined, request: unknown, work: () => Promise<T>): Promise<IdempotentAnswer<T>> {
    if (key === undefined) return { body: await work(), replayed: false };
    if (!KEY_PATTERN.test(key)) throw IDEMPOTENCY_ERRORS.error('IDEMPOTENCY_KEY_INVALID');
    const requestHash = sha256(canonicalJson(request));
    const where = { userId: scope.userId, operation: scope.operation, key };
    const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
    let claimed: string | undefined;
    while (!claimed) {
      claimed = await this.claim({ ...where, requestHash });
      if (claimed) break;
      const existing = await this.records.findOneBy(where);
      // Gone meanwhile (the first request failed, or expired and was cleaned): claim it again.
      if (!existing) continue;
      if (this.clock.now().getTime() - existing.createdAt.getTime() >= IDEMPOTENCY_WINDOW_MS) {
        await this.records.delete({ id: existing.id });
        continue;
      }
      if (existing.requestHash !== requestHash) throw IDEMPOTENCY_ERRORS.error('IDEMPOTENCY_KEY_REUSED');
      if (existing.response) return { body: JSON.parse(existing.response.toString('utf8')) as T, replayed: true };
      if (Date.now() >= waitUntil) throw IDEMPOTENCY_ERRORS.error('IDEMPOTENCY_REQUEST_IN_PROGRESS');
      await sleep(POLL_MS);
    }
    try {
      const body = await work();
      await this.records.update({ id: claimed }, { response: Buffer.from(JSON.stringify(body), 'utf8') });
      return { body, replayed: false };
    } catch (error) {
      await this.records.delete({ id: claimed });
      throw error;
    }
  }

  @Interval('idempotency-keys-cleanup', CLEANUP_INTERVAL_MS)
  async runScheduled(): Promise<void> {
    await this.jobs.runOnce('idempotency-keys-cleanup', CLEANUP_INTERVAL_MS - 60_000, () => this.removeExpired().then(() => undefined));
  }

  /** Deletes keys older than the window; resolves with how many. */
  async removeExpired(): Promise<number> {
    const result = await this.records.delete({ createdAt: LessThan(new Date(this.clock.now().getTime() - IDEMPOTENCY_WINDOW_MS)) });
    return result.affected ?? 0;
  }

  /** Inserts the key's row; answers its id, or undefined when the key is taken. */
  private async claim(row: Pick<IdempotencyRecord, 'userId' | 'operation' | 'key' | 'requestHash'>): Promise<string | undefined> {
    try {
      const saved = await this.records.save(this.records.create({ ...row, response: null, createdAt: this.clock.now() }));
      return saved.id;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }
}
