import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { encrypted } from '../../data-protection/envelope.js';
import { BINARY, TIMESTAMP } from '../../database/column-types.js';
import { Applicant } from '../../applicants/applicant.entity.js';

/**
 * A photo replaced after a resubmission request, kept for the history (earlier attempts)
 * rather than deleted. Kept apart from applicant_images so no check or analysis reads it.
 */
@Entity('superseded_images')
@Index(['applicantId', 'attempt'])
export class SupersededImage {
  /** The id it had in applicant_images. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  /** The attempt it was part of (1 = the first submission). */
  @Column({ type: 'integer' })
  attempt: number;

  @Column({ type: 'varchar', length: 32 })
  docType: string;

  @Column({ type: 'varchar', length: 8, nullable: true })
  side: string | null;

  @Column({ type: 'varchar', length: 32 })
  contentType: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ type: BINARY, transformer: encrypted })
  data: Buffer;

  @Column({ type: TIMESTAMP })
  uploadedAt: Date;

  @Column({ type: TIMESTAMP })
  supersededAt: Date;
}
