import { BeforeInsert, BeforeUpdate, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import type { RoleName } from '../config/role-name.js';
import { EMAIL_KEY_MAX, identityKey, USERNAME_KEY_MAX } from './identity-key.js';

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

  /**
   * identityKey(username): NFKC, lower-cased. Unique, so `ALICE` and `alice` cannot both
   * exist. Kept by the listener below on save() and set explicitly by every update().
   * The empty default exists only because SQLite adds a NOT NULL column with a default
   * (migration IdentityKeys); a row left with '' blocks the next one, loudly.
   */
  @Index('IDX_users_usernameKey', { unique: true })
  @Column({ type: 'varchar', length: USERNAME_KEY_MAX, default: '' })
  usernameKey: string;

  /** identityKey(email): `ﬁnance@…` and `Finance@…` are `finance@…`. Unique. */
  @Index('IDX_users_emailKey', { unique: true })
  @Column({ type: 'varchar', length: EMAIL_KEY_MAX, default: '' })
  emailKey: string;

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

  /**
   * Wrong second factors (authenticator or recovery code, passkey) since the last right
   * one; a right password does not clear it. At SECOND_FACTOR_LOCK_AFTER the second
   * factor locks (`secondFactorLockedAt`) until a recovery code or the e-mailed unlock link.
   */
  @Column({ type: 'integer', default: 0 })
  secondFactorFailures: number;

  @Column({ type: TIMESTAMP, nullable: true })
  secondFactorLockedAt: Date | null;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;

  @UpdateDateColumn({ type: TIMESTAMP })
  updatedAt: Date;

  @BeforeInsert()
  @BeforeUpdate()
  protected deriveIdentityKeys(): void {
    if (typeof this.username === 'string') this.usernameKey = identityKey(this.username);
    if (typeof this.email === 'string') this.emailKey = identityKey(this.email);
  }
}
