import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import type { RejectType } from '../../applicants/applicant.enums.js';

/** Four-eyes: a decision proposed by one reviewer, waiting for a different member to confirm or decline it. */
@Entity('pending_decisions')
@Index(['applicantId'], { unique: true })
export class PendingDecision {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  @Column({ type: 'varchar', length: 16 })
  kind: 'approve' | 'reject' | 'hold';

  @Column({ type: 'uuid', nullable: true })
  labelId: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  reason: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  rejectType: RejectType | null;

  @Column({ type: 'varchar', length: 4000, nullable: true })
  note: string | null;

  @Column({ type: 'uuid', nullable: true })
  proposedById: string | null;

  @Column({ type: 'varchar', length: 64 })
  proposedByName: string;

  @Column({ type: TIMESTAMP })
  proposedAt: Date;
}
