import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentData } from './analysis/document-data.js';
import { TIMESTAMP } from '../database/column-types.js';
import { APPLICANT_SEARCH_INDEXES } from './applicant-search-schema.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import type { KycStatus, RejectType, ReviewAnswer } from './applicant.enums.js';

/**
 * An end person being verified, identified by the integrator's own userId (unique per
 * organization). The identity fields live on the same row: the list and the details
 * read one row. Indexes serve every sortable list column per organization, each ending
 * with userId (the tie-break) so a page is read straight off the index (docs/decisions.md).
 */
@Entity('applicants')
@Index(['organizationId', 'userId'], { unique: true })
@Index(['organizationId', 'kycStatus', 'userId'])
@Index(['organizationId', 'documentType', 'userId'])
@Index(['organizationId', 'createdAt', 'userId'])
@Index(['organizationId', 'updatedAt', 'userId'])
// Work-queue filters (server/applicants/list/filters.ts): each an equality or range on
// the column, then userId, so a filtered page is read along the index.
@Index(['organizationId', 'submittedAt', 'userId'])
@Index(['organizationId', 'assigneeId', 'userId'])
@Index(['organizationId', 'flaggedChecks', 'userId'])
// The retention job's access path: decided applicants of one organization, oldest decision first.
@Index(['organizationId', 'kycStatus', 'decidedAt'])
// Search access paths, created by the ApplicantListSearch migration with SQL TypeORM cannot
// describe (NOCASE / lower() prefix indexes; pg_trgm GIN on PostgreSQL, FTS5 on SQLite).
// Declared here so the schema diff leaves them alone.
@Index(APPLICANT_SEARCH_INDEXES.userIdPrefix, { synchronize: false })
@Index(APPLICANT_SEARCH_INDEXES.docNumberPrefix, { synchronize: false })
@Index(APPLICANT_SEARCH_INDEXES.nameTrigram, { synchronize: false })
export class Applicant {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  @Column({ type: 'varchar', length: 128 })
  userId: string;

  @Column({ type: 'varchar', length: 16, default: 'init' })
  kycStatus: KycStatus;

  @Column({ type: 'varchar', length: 32, nullable: true })
  documentType: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  reviewAnswer: ReviewAnswer | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  rejectType: RejectType | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  rejectReason: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true }) name: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) dateOfBirth: string | null;
  @Column({ type: 'varchar', length: 8, nullable: true }) sex: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) placeOfBirth: string | null;
  @Index()
  @Column({ type: 'varchar', length: 64, nullable: true })
  docNumber: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) issuanceDate: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) expiryDate: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) country: string | null;
  /** What the analysis read from the document (MRZ or barcode), kept apart from what the applicant typed. */
  @Column({ type: 'simple-json', nullable: true }) documentData: DocumentData | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) address: string | null;
  @Column({ type: 'varchar', length: 16, nullable: true }) height: string | null;
  @Column({ type: 'varchar', length: 16, nullable: true }) maritalStatus: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) issuedIn: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) fatherName: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) motherName: string | null;

  /** When the applicant last submitted the verification widget. */
  @Column({ type: TIMESTAMP, nullable: true })
  submittedAt: Date | null;

  /** When staff last approved or rejected. */
  @Column({ type: TIMESTAMP, nullable: true })
  decidedAt: Date | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;

  @UpdateDateColumn({ type: TIMESTAMP })
  updatedAt: Date;

  /** Raised by every change through the lifecycle; a change sent with a stale version is refused (409). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /**
   * Raised by a staff reset and by each new or revoked verification session: a widget
   * token or session link of an older generation no longer works.
   */
  @Column({ type: 'integer', default: 1 })
  sessionGeneration: number;

  /**
   * The staff member working on the applicant (assignment is workflow: it changes neither
   * `version` nor `updatedAt`). Cleared when the user is deleted.
   */
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'assigneeId' })
  assignee?: User;

  @Column({ type: 'uuid', nullable: true })
  assigneeId: string | null;

  @Column({ type: TIMESTAMP, nullable: true })
  assignedAt: Date | null;

  /**
   * An assignment taken by opening the case or by next-unassigned is a lock that ends
   * then (REVIEW_LOCK_MINUTES after it was last opened); after it anyone opening the case,
   * or asking for the next one, takes it. null: no lock (unassigned, or assigned by hand).
   */
  @Column({ type: TIMESTAMP, nullable: true })
  lockedUntil: Date | null;

  /**
   * The names of the checks whose verdict is failed or needs-review, as `,name,name,`
   * (sorted; NULL when none), kept in step with applicant_checks in the same transaction
   * (list/flagged-checks.ts), so the list filters on it through an index.
   */
  @Column({ type: 'varchar', length: 500, nullable: true })
  flaggedChecks: string | null;

  /** The ids of the applicant's tags as `,id,id,` (NULL when none); applicant_tags is the source, this is for the list's rows. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  tagIds: string | null;

  /** The verification session that last wrote the identity fields; only it may read them back. */
  @Column({ type: 'uuid', nullable: true })
  dataSessionId: string | null;

  /** The label of the current rejection, hold or resubmission request (its end-user text is shown on the verification page). */
  @Column({ type: 'uuid', nullable: true })
  decisionLabelId: string | null;

  /** Set while staff asked the end user to redo one step: only that step is asked for again. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  resubmissionStep: string | null;

  /** With a personal-data resubmission: the fields the reviewer asked to correct (the form marks them); null for none named. */
  @Column({ type: 'simple-json', nullable: true })
  resubmissionFields: string[] | null;

  /** The submission attempt: 1, raised by each resubmission request (earlier attempts' photos are kept). */
  @Column({ type: 'integer', default: 1 })
  attempt: number;

  /** Legal hold: exempt from every retention rule and from erasure until lifted. */
  @Column({ type: TIMESTAMP, nullable: true })
  legalHoldAt: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  legalHoldReason: string | null;

  /** Who placed the hold (username at the time). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  legalHoldBy: string | null;

  /** When the retention policy removed the photos, selfies and face embeddings (identity data kept). */
  @Column({ type: TIMESTAMP, nullable: true })
  imagesRemovedAt: Date | null;
}
