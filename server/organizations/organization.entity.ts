import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import type { QualityThresholds } from '../document-reading/index.js';
import { User } from '../users/user.entity.js';

/** Whether poor document photos are refused at capture, and the thresholds that decide it. */
export interface PhotoQualitySettings extends QualityThresholds {
  enforce: boolean;
}

/** How long an organization keeps applicants' data; null keeps it (or, for abandoned applicants, follows the server's default). */
export interface RetentionPolicy {
  /** Days document photos, selfies and face embeddings are kept after a final decision. */
  imagesDays: number | null;
  /** Days identity data is kept after a final decision; then the applicant is erased, leaving a tombstone. */
  identityDays: number | null;
  /** Days a verification started and never submitted lives (instead of KYC_ABANDONED_AFTER_HOURS). */
  abandonedDays: number | null;
}

/** An organization (the spec's "project"): owned by one user, worked on by its members. */
@Entity('organizations')
export class Organization {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Index()
  @Column({ type: 'uuid' })
  ownerId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ownerId' })
  owner?: User;

  /** Publishable key (pk_…) that identifies the organization on the /kyc page. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  companyKey: string;

  /** Whether the spec's public `/kyc?companyKey=…&userId=…` links may start verifications. */
  @Column({ type: 'boolean', default: true })
  allowCompanyKeyLinks: boolean;

  /** Origins a server-created session may redirect to, one per line. */
  @Column({ type: 'varchar', length: 4000, default: '' })
  redirectAllowList: string;

  /** How good a document photo must be for the verification page to accept it; null: the defaults. */
  @Column({ type: 'simple-json', nullable: true })
  photoQuality: PhotoQualitySettings | null;

  @Column({ type: 'simple-json', nullable: true })
  retentionPolicy: RetentionPolicy | null;
  /** The owner requires two-factor sign-in of every member (and of the owner): without one, only enrolment is reachable. */
  @Column({ type: 'boolean', default: false })
  requireTwoFactor: boolean;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
