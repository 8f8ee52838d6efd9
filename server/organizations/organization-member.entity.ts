import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import { User } from '../users/user.entity.js';
import { Organization } from './organization.entity.js';

/** A user other than the owner who may work in an organization. */
@Entity('organization_members')
export class OrganizationMember {
  @PrimaryColumn('uuid')
  organizationId: string;

  @Index()
  @PrimaryColumn('uuid')
  userId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
