import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Organization } from '../../organizations/organization.entity.js';
import { User } from '../../users/user.entity.js';

/** A saved applicants list: a name and the list's URL query (filters, sort, columns); its owner's, or shared with the organization. */
@Entity('applicant_views')
@Index(['organizationId', 'ownerId'])
export class ApplicantView {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  @Column({ type: 'uuid' })
  ownerId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ownerId' })
  owner?: User;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  /** The list's query string without the leading `?` (e.g. `status=pending&assignee=me`). */
  @Column({ type: 'varchar', length: 2000 })
  query: string;

  @Column({ type: 'boolean', default: false })
  shared: boolean;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
