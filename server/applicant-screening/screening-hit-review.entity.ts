import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import { Applicant } from '../applicants/applicant.entity.js';
import type { HitVerdict } from './screening-check.js';

/**
 * A reviewer's verdict on one sanctions hit of an applicant. It holds for the screened data
 * it was made on (`fingerprint`): the same entity on unchanged data is not raised again.
 */
@Entity('screening_hit_reviews')
@Index(['applicantId', 'hitKey'])
export class ScreeningHitReview {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  /** `<list>:<the list's own id>`. */
  @Column({ type: 'varchar', length: 100 })
  hitKey: string;

  @Column({ type: 'varchar', length: 64 })
  fingerprint: string;

  @Column({ type: 'varchar', length: 16 })
  verdict: HitVerdict;

  @Column({ type: 'varchar', length: 1000 })
  note: string;

  @Column({ type: 'uuid', nullable: true })
  reviewedById: string | null;

  @Column({ type: 'varchar', length: 64 })
  reviewedByName: string;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
