import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Applicant } from '../applicant.entity.js';

export const ANALYSIS_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type AnalysisJobStatus = (typeof ANALYSIS_STATES)[number];

/** Where an applicant's analysis stands, from the statuses of its jobs: running, else queued, else failed, else done. */
export function analysisStateOf(statuses: readonly string[]): AnalysisJobStatus | null {
  const order: AnalysisJobStatus[] = ['running', 'queued', 'failed', 'done'];
  return order.find((status) => statuses.includes(status)) ?? null;
}

/**
 * One analysis of one applicant (e.g. reading its documents), persisted so that it
 * survives a restart: the record of the job whichever runner executes it (the app's
 * worker threads, or BullMQ workers with REDIS_URL). One row per applicant and kind:
 * a new submission re-queues the same row.
 */
@Entity('analysis_jobs')
@Index(['applicantId', 'kind'], { unique: true })
@Index(['status', 'runAfter'])
export class AnalysisJob {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  @Column({ type: 'varchar', length: 32 })
  kind: string;

  @Column({ type: 'varchar', length: 16 })
  status: AnalysisJobStatus;

  /** Attempts started for the current submission (a retry after a crash or an error counts). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** How many times the row was queued: with the id, names the BullMQ job of this run. */
  @Column({ type: 'integer', default: 1 })
  runs: number;

  /** Not claimed before this moment (back-off after a failed attempt). */
  @Column({ type: TIMESTAMP })
  runAfter: Date;

  /** Who runs it, until when: a holder that dies loses the job when the lease ends. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  lockedBy: string | null;

  @Column({ type: TIMESTAMP, nullable: true })
  lockedUntil: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ type: TIMESTAMP, nullable: true })
  finishedAt: Date | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;

  @UpdateDateColumn({ type: TIMESTAMP })
  updatedAt: Date;
}
