import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Applicant } from './applicant.entity.js';
import { TIMESTAMP } from '../database/column-types.js';

/** The result of one automatic check run when an applicant submits the widget. */
@Entity('applicant_checks')
export class ApplicantCheck {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  /** document-not-expired, adult, document-number-unique, images-readable. */
  @Column({ type: 'varchar', length: 48 })
  name: string;

  @Column({ type: 'boolean' })
  passed: boolean;

  @Column({ type: 'varchar', length: 500 })
  detail: string;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
