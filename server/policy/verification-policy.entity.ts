import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import { Organization } from '../organizations/organization.entity.js';
import type { VerificationPolicySettings } from './policy.js';

/** An organization's verification policy; no row: the default (every submission queued for a person). */
@Entity('verification_policies')
export class VerificationPolicy {
  @PrimaryColumn({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  @Column({ type: 'simple-json' })
  settings: VerificationPolicySettings;

  @Column({ type: 'varchar', length: 64 })
  updatedByName: string;

  @Column({ type: TIMESTAMP })
  updatedAt: Date;
}
