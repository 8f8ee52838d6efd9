import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { encrypted } from '../../data-protection/envelope.js';
import { BINARY, TIMESTAMP } from '../../database/column-types.js';

/**
 * One `Idempotency-Key` of one caller for one operation, kept 24 hours: the request's
 * hash and, once answered, the answer (encrypted: a session link's secret is in it).
 */
@Entity('idempotency_keys')
@Index(['userId', 'operation', 'key'], { unique: true })
export class IdempotencyRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  /** e.g. 'POST /api/kyc/sessions'. */
  @Column({ type: 'varchar', length: 100 })
  operation: string;

  @Column({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 of the request body in canonical JSON. */
  @Column({ type: 'varchar', length: 64 })
  requestHash: string;

  /** The answer's JSON; null while the first request is still running. */
  @Column({ type: BINARY, nullable: true, transformer: encrypted })
  response: Buffer | null;

  @Index()
  @Column({ type: TIMESTAMP })
  createdAt: Date;
}
