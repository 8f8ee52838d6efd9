import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';

/** An express-session record. The primary key is the SHA-256 of the session id, never the id itself. */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  idHash: string;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'text' })
  data: string;

  /** Idle expiry: pushed forward on every request, never past absoluteExpiresAt. */
  @Index()
  @Column({ type: TIMESTAMP })
  expiresAt: Date;

  @Column({ type: TIMESTAMP })
  absoluteExpiresAt: Date;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
