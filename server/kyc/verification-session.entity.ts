import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Applicant } from '../applicants/applicant.entity.js';
import { TIMESTAMP } from '../database/column-types.js';

/** How a session began: a link the integrator's server created, a browser that started on a companyKey link, or staff. */
export const SESSION_KINDS = ['link', 'resume', 'staff'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * One end user's right to work on one applicant's verification. Its secret (stored
 * hashed) is exchanged for short-lived widget tokens; it ends at `expiresAt`, when
 * revoked, or when the applicant's session generation moves past its own.
 */
@Entity('verification_sessions')
export class VerificationSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  @Column({ type: 'varchar', length: 16 })
  kind: SessionKind;

  /** SHA-256 of the secret; null for staff sessions (they get tokens directly). */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  secretHash: string | null;

  /** The applicant's session generation when this session was made. */
  @Column({ type: 'integer' })
  generation: number;

  @Column({ type: TIMESTAMP })
  expiresAt: Date;

  @Column({ type: TIMESTAMP, nullable: true })
  revokedAt: Date | null;

  /** Where the page goes when the verification is done; null for the owner's redirect URL. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  redirectUrl: string | null;

  /** The account that created it (a server-created link or staff); null for a companyKey start. */
  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
