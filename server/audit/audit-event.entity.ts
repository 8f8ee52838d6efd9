import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';

/**
 * Who did what to which applicant, and when. Not tied to the rows it describes by
 * foreign keys: the trail must outlive a reset or a deleted account.
 */
@Entity('audit_events')
@Index(['applicantId', 'createdAt'])
@Index(['organizationId', 'createdAt'])
export class AuditEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', nullable: true })
  actorId: string | null;

  /** Username at the time, or 'system' / 'applicant' / 'api' for non-staff actors. */
  @Column({ type: 'varchar', length: 64 })
  actorName: string;

  @Column({ type: 'uuid', nullable: true })
  organizationId: string | null;

  @Column({ type: 'uuid', nullable: true })
  applicantId: string | null;

  /** e.g. applicant.viewed, applicant.updated, applicant.reset, applicant.approved. */
  @Column({ type: 'varchar', length: 48 })
  action: string;

  /** e.g. changed fields `[{ field, from, to }]` or a rejection reason. */
  @Column({ type: 'simple-json', nullable: true })
  detail: unknown;

  @Index()
  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
