import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { encrypted } from '../data-protection/envelope.js';
import { BINARY, TIMESTAMP } from '../database/column-types.js';
import { Organization } from '../organizations/organization.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import type { FaceModel } from '../face-reading/index.js';

/**
 * A face staff marked fraudulent: every later selfie of the organization is searched
 * against it. A copy of the applicant's face, so it outlives the applicant.
 */
@Entity('face_blocklist')
export class FaceBlocklistEntry {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index()
  @Column({ type: 'uuid' })
  organizationId: string;

  /** It outlives the applicant, not the organization. */
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  /** The applicant whose face it is; null once that applicant is removed. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  applicantId: string | null;

  @ManyToOne(() => Applicant, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  /** The applicant's userId when the face was listed (it stays readable after removal). */
  @Column({ type: 'varchar', length: 128 })
  userId: string;

  /** The embedding's model: one entry per model while stored faces move to a new one (an applicant's face listed is copied once per model). */
  @Index()
  @Column({ type: 'varchar', length: 16, default: 'faceres' })
  model: FaceModel;

  @Column({ type: BINARY, transformer: encrypted })
  embedding: Buffer;

  @Column({ type: BINARY, transformer: encrypted })
  crop: Buffer;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
