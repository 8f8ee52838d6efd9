import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';

export const WEBHOOK_EVENT_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];

/**
 * The durable webhook outbox: one row per event to deliver, written in the same
 * transaction as the change it reports, so nothing is lost on a crash or restart.
 * Replicas claim a row by setting lockedUntil with a conditional UPDATE.
 */
@Entity('webhook_events')
@Index(['status', 'nextAttemptAt'])
@Index(['userId', 'createdAt'])
export class WebhookEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The recipient account (the organization owner) whose webhook URL and secret are used. */
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  /** Null for events that concern no organization (webhook.test). Deleting the organization deletes its events and their deliveries. */
  @Column({ type: 'uuid', nullable: true })
  organizationId: string | null;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizationId' })
  organization?: Organization;

  @Column({ type: 'varchar', length: 128, nullable: true })
  applicantUserId: string | null;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The exact JSON body sent, byte for byte, on every attempt. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: WebhookEventStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: TIMESTAMP })
  nextAttemptAt: Date;

  @Column({ type: 'integer', nullable: true })
  lastResponseCode: number | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  lastError: string | null;

  /** A dispatcher holds the event until then; an expired lock means the holder died. */
  @Column({ type: TIMESTAMP, nullable: true })
  lockedUntil: Date | null;

  /** Set from the injected clock (not the database) so ordering and tests agree. */
  @Column({ type: TIMESTAMP })
  createdAt: Date;
}
