import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';

/** One row per scheduled job: whichever replica sets lockedUntil first runs that slot. */
@Entity('job_locks')
export class JobLock {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: TIMESTAMP, nullable: true })
  lockedUntil: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  lockedBy: string | null;
}
