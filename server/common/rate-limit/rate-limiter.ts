import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../clock.js';
import { sha256 } from '../crypto.js';

/** At most `limit` hits per `windowMs`, counted from the window's first hit. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * The one rate limiter: fixed windows counted in the `rate_limits` table by a single
 * UPSERT, so concurrent hits on any replica are all counted and none is lost. A hit is
 * counted before the work it guards, so a burst of parallel requests cannot slip through.
 */
@Injectable()
export class RateLimiter {
  private cleanedAt = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Counts `cost` hits (1 by default; a byte budget counts bytes) and says whether the limit still holds. */
  async hit(key: string, { limit, windowMs }: RateLimit, cost = 1): Promise<RateLimitVerdict> {
    const now = this.clock.now().getTime();
    // Placeholders in the order they appear, for either dialect (SQLite's `?` binds by position).
    const values: unknown[] = [];
    const postgres = this.dataSource.options.type === 'postgres';
    const param = (value: unknown) => (values.push(value), postgres ? `$${values.length}` : '?');
    // A window that ended starts over with this hit; otherwise the hit is added.
    const sql =
      `INSERT INTO "rate_limits" ("keyHash", "hits", "windowStartedMs") VALUES (${param(sha256(key))}, ${param(cost)}, ${param(now)})` +
      ` ON CONFLICT ("keyHash") DO UPDATE SET` +
      ` "hits" = CASE WHEN "rate_limits"."windowStartedMs" <= ${param(now - windowMs)} THEN excluded."hits" ELSE "rate_limits"."hits" + excluded."hits" END,` +
      ` "windowStartedMs" = CASE WHEN "rate_limits"."windowStartedMs" <= ${param(now - windowMs)} THEN excluded."windowStartedMs" ELSE "rate_limits"."windowStartedMs" END` +
      ` RETURNING "hits", "windowStartedMs"`;
    const rows: { hits: number | string; windowStartedMs: number | string }[] = await this.dataSource.query(sql, values);
    const hits = Number(rows[0].hits);
    const endsAt = Number(rows[0].windowStartedMs) + windowMs;
    await this.forgetOldWindows(now);
    return { allowed: hits <= limit, hits, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
  }

  /** Forgets a key's hits (e.g. after a correct password). */
  async reset(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "rate_limits" WHERE "keyHash" = ${this.dataSource.options.type === 'postgres' ? '$1' : '?'}`, [sha256(key)]);
  }

  /** Windows older than a day are dead weight: dropped at most once an hour per process. */
  private async forgetOldWindows(now: number): Promise<void> {
    if (now - this.cleanedAt < 60 * 60 * 1000) return;
    this.cleanedAt = now;
    const param = this.dataSource.options.type === 'postgres' ? '$1' : '?';
    await this.dataSource.query(`DELETE FROM "rate_limits" WHERE "windowStartedMs" < ${param}`, [now - 24 * 60 * 60 * 1000]);
  }
}
