import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Hits per key in the current fixed window, in the database so every replica counts
 * together (sign-in attempts, demo accounts, the verification page's limits).
 */
@Entity('rate_limits')
export class RateLimitRow {
  /** SHA-256 of the key: keys contain IP addresses. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  keyHash: string;

  @Column({ type: 'integer', default: 0 })
  hits: number;

  /** Start of the current window, ms since the epoch (plain numbers compare alike on both databases). */
  @Column({ type: 'bigint' })
  windowStartedMs: string;
}
