import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import { User } from '../users/user.entity.js';

export type AuthTokenPurpose = 'reset-password' | 'confirm-email' | 'set-password' | 'unlock-second-factor';

/** A single-use e-mailed token; only its SHA-256 is stored. */
@Entity('auth_tokens')
export class AuthToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'varchar', length: 24 })
  purpose: AuthTokenPurpose;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: TIMESTAMP })
  expiresAt: Date;

  @Column({ type: TIMESTAMP, nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
