import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Applicant } from '../../applicants/applicant.entity.js';

export const NOTE_MAX_LENGTH = 4000;

/** A staff note on an applicant: internal, never sent to the integrator or shown to the end user. */
@Entity('applicant_notes')
@Index(['applicantId', 'createdAt'])
@Index(['authorId', 'applicantId'])
export class ApplicantNote {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  @Column({ type: 'uuid', nullable: true })
  authorId: string | null;

  @Column({ type: 'varchar', length: 64 })
  authorName: string;

  @Column({ type: 'varchar', length: NOTE_MAX_LENGTH })
  text: string;

  /** Set when the note came with a decision (approve, reject, hold, resubmission). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  decision: string | null;

  @Column({ type: TIMESTAMP })
  createdAt: Date;

  @Column({ type: TIMESTAMP, nullable: true })
  editedAt: Date | null;
}
