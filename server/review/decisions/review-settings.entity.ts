import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Organization } from '../../organizations/organization.entity.js';

export const FOUR_EYES_MODES = ['off', 'rejections', 'all'] as const;
export type FourEyesMode = (typeof FOUR_EYES_MODES)[number];

/** An organization's review settings; no row: four-eyes off, no SLA. */
@Entity('review_settings')
export class ReviewSettings {
  @PrimaryColumn({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  @Column({ type: 'varchar', length: 16, default: 'off' })
  fourEyes: FourEyesMode;

  /** Hours from submission to a decision (the SLA); null: no SLA. */
  @Column({ type: 'integer', nullable: true })
  slaHours: number | null;

  @Column({ type: 'varchar', length: 64 })
  updatedByName: string;

  @Column({ type: TIMESTAMP })
  updatedAt: Date;
}
