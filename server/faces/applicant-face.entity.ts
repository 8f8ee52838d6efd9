import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { encrypted } from '../data-protection/envelope.js';
import { BINARY, TIMESTAMP } from '../database/column-types.js';
import { Applicant } from '../applicants/applicant.entity.js';

/**
 * The face of an applicant's last analysed selfie, for the duplicate-face search: its
 * embedding packed to 1,024 int8 values and a small crop for the reviewer. One per
 * applicant; it goes with the applicant (reset, removal, erasure).
 */
@Entity('applicant_faces')
export class ApplicantFace {
  /** Increasing, so that a search index can load only the faces stored since its last look. */
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index()
  @Column({ type: 'uuid' })
  organizationId: string;

  @Index({ unique: true })
  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  /** packEmbedding(): L2-normalised, int8. */
  @Column({ type: BINARY, transformer: encrypted })
  embedding: Buffer;

  /** The face cut from the selfie, JPEG. */
  @Column({ type: BINARY, transformer: encrypted })
  crop: Buffer;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
