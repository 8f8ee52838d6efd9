import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Organization } from '../../organizations/organization.entity.js';
import type { TagColor } from './tag-colors.js';

/** A label an organization defines for its applicants (e.g. "VIP", "Second look"). */
@Entity('applicant_tag_definitions')
@Index(['organizationId', 'name'], { unique: true })
export class Tag {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  @Column({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  color: TagColor;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
