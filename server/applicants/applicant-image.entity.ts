import type { QualityMeasures } from '../document-reading/index.js';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { encrypted } from '../data-protection/envelope.js';
import { BINARY, TIMESTAMP } from '../database/column-types.js';
import { Applicant } from './applicant.entity.js';
import type { CaptureReport } from './capture-signals.js';

/** A document photo or selfie, served only through an authorized route. */
@Entity('applicant_images')
export class ApplicantImage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  @Column({ type: 'varchar', length: 32 })
  docType: string;

  /** 'front' or 'back' for documents; null for a selfie. */
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

  /** Sharpness, glare, brightness and size measured at upload (document photos); null for a selfie or an older photo. */
  @Column({ type: 'simple-json', nullable: true })
  quality: QualityMeasures | null;

  /** What the verification page reported about how a selfie was captured (injection signals: capture-signals.ts); null: nothing reported. */
  @Column({ type: 'simple-json', nullable: true })
  capture: CaptureReport | null;

  /** The verification session that uploaded it; only that session may see it listed. */
  @Column({ type: 'uuid', nullable: true })
  sessionId: string | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
