import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import type { DecisionSnapshot } from '../../applicants/lifecycle/transitions.js';

export const DECISION_KINDS = ['approve', 'reject', 'hold', 'resubmission'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/**
 * A staff decision, kept for its undo window: who made it, what it replaced, and whether
 * it was undone or released (its status announced to the end user once the window ended).
 */
@Entity('applicant_decisions')
@Index(['applicantId', 'decidedAt'])
@Index(['releasedAt', 'decidedAt'])
export class ApplicantDecision {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  @Column({ type: 'uuid' })
  organizationId: string;

  @Column({ type: 'varchar', length: 16 })
  kind: DecisionKind;

  @Column({ type: 'uuid', nullable: true })
  labelId: string | null;

  @Column({ type: 'uuid', nullable: true })
  actorId: string | null;

  @Column({ type: 'varchar', length: 64 })
  actorName: string;

  /** Four-eyes: the reviewer who proposed it (the actor confirmed it). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  proposedByName: string | null;

  @Column({ type: 'simple-json' })
  previous: DecisionSnapshot;

  /** The applicant's version right after the decision: undo refuses when it moved on since. */
  @Column({ type: 'integer' })
  version: number;

  @Column({ type: TIMESTAMP })
  decidedAt: Date;

  @Column({ type: TIMESTAMP, nullable: true })
  undoneAt: Date | null;

  @Column({ type: TIMESTAMP, nullable: true })
  releasedAt: Date | null;
}
