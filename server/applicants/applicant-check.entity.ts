import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Applicant } from './applicant.entity.js';
import { TIMESTAMP } from '../database/column-types.js';

export const CHECK_VERDICTS = ['passed', 'failed', 'needs-review', 'unavailable'] as const;
/** passed / failed; needs-review: a person must look (e.g. the document could not be read); unavailable: the check could not run. */
export type CheckVerdict = (typeof CHECK_VERDICTS)[number];

/** One check's outcome as an analysis reports it, before it is stored as an ApplicantCheck. */
export interface AnalysisCheck {
  name: string;
  verdict: CheckVerdict;
  score: number | null;
  detail: string;
  evidence: Record<string, unknown> | null;
}

/** The result of one automatic check of the applicant's last submission: prechecks at submission, analyses after it. */
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

  /** document-not-expired, adult, document-number-unique, images-readable, document-read, data-matches-document. */
  @Column({ type: 'varchar', length: 48 })
  name: string;

  @Column({ type: 'varchar', length: 16, default: 'unavailable' })
  verdict: CheckVerdict;

  /** A measure where the check has one (0–1), e.g. the share of fields that match. */
  @Column({ type: 'float', nullable: true })
  score: number | null;

  @Column({ type: 'varchar', length: 500 })
  detail: string;

  /** What the check saw: extracted fields, per-field comparisons. */
  @Column({ type: 'simple-json', nullable: true })
  evidence: Record<string, unknown> | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
