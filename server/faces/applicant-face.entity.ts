import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { encrypted } from '../data-protection/envelope.js';
import { BINARY, TIMESTAMP } from '../database/column-types.js';
import { Applicant } from '../applicants/applicant.entity.js';
import type { FaceModel } from '../face-reading/index.js';

/**
 * The face of an applicant's last analysed selfie, for the duplicate-face search: its
 * embedding packed to int8 values (one byte a value) and a small crop for the reviewer.
 * One per applicant and model (two while stored faces move to a new model:
 * FaceModelMigrations); it goes with the applicant (reset, removal, erasure).
 */
@Entity('applicant_faces')
@Index(['applicantId', 'model'], { unique: true })
export class ApplicantFace {
  /** Increasing, so that a search index can load only the faces stored since its last look. */
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index()
  @Column({ type: 'uuid' })
  organizationId: string;

  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  /** The embedding's model (face-reading/face-models.ts): only ever compared with embeddings of the same model. */
  @Index()
  @Column({ type: 'varchar', length: 16, default: 'faceres' })
  model: FaceModel;

  /** packEmbedding(): L2-normalised, int8. */
  @Column({ type: BINARY, transformer: encrypted })
  embedding: Buffer;

  /** The face cut from the selfie, JPEG. */
  @Column({ type: BINARY, transformer: encrypted })
  crop: Buffer;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
