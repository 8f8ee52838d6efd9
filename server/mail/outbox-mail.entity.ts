import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';

/** Every e-mail the server writes. Without SMTP_URL this table is where a self-hoster finds links. */
@Entity('mail_outbox')
export class OutboxMail {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'varchar', length: 254 })
  to: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  /** 'sent' through SMTP, 'stored' when no SMTP_URL is configured, 'failed' when SMTP refused it. */
  @Column({ type: 'varchar', length: 8 })
  status: 'sent' | 'stored' | 'failed';

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
