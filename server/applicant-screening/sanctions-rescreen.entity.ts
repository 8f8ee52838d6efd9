import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';

/**
 * The rescreening of verified applicants after one list import: created once per import
 * (the unique importId keeps two replicas from both starting it), with how many applicants
 * were queued and how many new hits it raised. Progress is counted from their jobs.
 */
@Entity('sanctions_rescreens')
export class SanctionsRescreen {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index({ unique: true })
  @Column({ type: 'uuid' })
  importId: string;

  @Column({ type: 'varchar', length: 32 })
  source: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  version: string | null;

  /** Applicants verified since this moment were queued. */
  @Column({ type: TIMESTAMP })
  verifiedSince: Date;

  @Column({ type: 'integer', default: 0 })
  total: number;

  @Column({ type: 'integer', default: 0 })
  hits: number;

  @Column({ type: TIMESTAMP })
  startedAt: Date;
}
