import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import { User } from '../users/user.entity.js';
import { Organization } from './organization.entity.js';

/**
 * An owner's invitation to work in an organization, pending until the invitee accepts
 * or declines (or the owner revokes it, or it expires). Stored the same way whether or
 * not the username or e-mail belongs to an account — `inviteeId` is null when it does
 * not, or when it names a demo account — so the owner learns nothing from it.
 */
@Entity('organization_invitations')
@Index(['organizationId', 'inviteeKey'], { unique: true })
export class OrganizationInvitation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  /** What the owner typed (a username or an e-mail address), shown back to the owner only. */
  @Column({ type: 'varchar', length: 254 })
  invitee: string;

  /** identityKey(invitee): one pending invitation per person and organization. */
  @Column({ type: 'varchar', length: 254 })
  inviteeKey: string;

  /** The account invited; null when no (non-demo) account has that name, or it was deleted since. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  inviteeId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'inviteeId' })
  inviteeUser?: User;

  @Column({ type: 'uuid', nullable: true })
  invitedById: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invitedById' })
  invitedBy?: User;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;

  @Column({ type: TIMESTAMP })
  expiresAt: Date;
}
