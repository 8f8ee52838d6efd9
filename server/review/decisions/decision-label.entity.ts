import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { Organization } from '../../organizations/organization.entity.js';

export const LABEL_KINDS = ['reject', 'hold', 'resubmission'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/**
 * A reason a reviewer picks for a rejection, a hold or a resubmission request: the title
 * staff see, the text the end user reads on the verification page, and the machine code
 * the webhook carries. A label in use is archived, never deleted (docs/decisions.md).
 */
@Entity('decision_labels')
@Index(['organizationId', 'code'], { unique: true })
export class DecisionLabel {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  @Column({ type: 'varchar', length: 16 })
  kind: LabelKind;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 500 })
  endUserText: string;

  @Column({ type: 'varchar', length: 64 })
  code: string;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ type: TIMESTAMP })
  createdAt: Date;

  @Column({ type: TIMESTAMP })
  updatedAt: Date;
}
