import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Organization } from '../../organizations/organization.entity.js';

/**
 * The tombstone of an erased applicant: who erased it, when and why — nothing about the
 * person. The applicant row itself is deleted (everything hanging off it goes with it);
 * the integrator's userId is kept only as a hash, so the tombstone can be found by it
 * without the database holding it.
 */
@Entity('applicant_erasures')
@Index(['organizationId', 'userIdHash'])
export class ApplicantErasure {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  /** The erased applicant's id (a random uuid, meaningless once the row is gone). */
  @Column({ type: 'uuid' })
  applicantId: string;

  /** erasureUserIdHash(organizationId, userId). */
  @Column({ type: 'varchar', length: 64 })
  userIdHash: string;

  @Column({ type: 'uuid', nullable: true })
  erasedById: string | null;

  @Column({ type: 'varchar', length: 64 })
  erasedByName: string;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @Column({ type: TIMESTAMP })
  erasedAt: Date;
}
