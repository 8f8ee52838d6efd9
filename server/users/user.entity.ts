import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import type { RoleName } from '../common/access/role-name.js';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  username: string;

  /** Stored lower-cased so e-mail lookups are case-insensitive on both databases. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** Argon2id; null for an invited admin who has not set a password yet. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  @Column({ type: 'varchar', length: 16, default: 'kyc' })
  role: RoleName;

  @Column({ type: 'boolean', default: false })
  isDemo: boolean;

  @Column({ type: 'boolean', default: false })
  isConfirmed: boolean;

  @Column({ type: 'boolean', default: false })
  hasImage: boolean;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  webhookUrl: string | null;

  /** Standard Webhooks signing secret (whsec_…); needed in clear to sign. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  webhookSecret: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  redirectUrl: string | null;

  /** SHA-256 of the API key: the lookup for `Authorization: Bearer`. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  apiKeyHash: string | null;

  /** The API key encrypted with APP_SECRET (AES-256-GCM) so GET /api-keys can show it again. */
  @Column({ type: 'varchar', length: 512, nullable: true })
  apiKeyEncrypted: string | null;

  /** Sessions issued before this instant are void (password change ends every session). */
  @Column({ type: TIMESTAMP, nullable: true })
  sessionsValidAfter: Date | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;

  @UpdateDateColumn({ type: TIMESTAMP })
  updatedAt: Date;
}
