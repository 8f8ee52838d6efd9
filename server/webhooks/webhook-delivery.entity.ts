import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import { WebhookEvent } from './webhook-event.entity.js';

/** The delivery log: one row per attempt to send a webhook event. */
@Entity('webhook_deliveries')
@Index(['eventId', 'attempt'])
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  eventId: string;

  @ManyToOne(() => WebhookEvent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'eventId' })
  event?: WebhookEvent;

  @Column({ type: 'integer' })
  attempt: number;

  /** The receiver's HTTP status; null when no answer came (refused, timed out, blocked). */
  @Column({ type: 'integer', nullable: true })
  responseCode: number | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error: string | null;

  @Column({ type: 'integer' })
  durationMs: number;

  @Column({ type: TIMESTAMP })
  createdAt: Date;
}
