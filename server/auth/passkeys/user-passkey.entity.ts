import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { User } from '../../users/user.entity.js';

/**
 * A staff account's passkey (a WebAuthn credential, discoverable): its id and COSE public
 * key as the authenticator gave them (base64url), and the signature counter last seen,
 * which must grow on each use when the authenticator keeps one (clone detection).
 */
@Entity('user_passkeys')
export class UserPasskey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  /** The credential id (base64url), unique across accounts. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 1400 })
  credentialId: string;

  /** The COSE public key (base64url). */
  @Column({ type: 'text' })
  publicKey: string;

  /** The authenticator's signature counter (0 for those that keep none, e.g. synced passkeys); a uint32. */
  @Column({ type: 'bigint', default: 0, transformer: { to: (value: number) => value, from: (value: string | number) => Number(value) } })
  counter: number;

  /** JSON array of the transports the browser reported (usb, internal, hybrid…), passed back as hints. */
  @Column({ type: 'varchar', length: 200, default: '[]' })
  transports: string;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  /** Whether the authenticator said the credential is backed up (synced between devices). */
  @Column({ type: 'boolean', default: false })
  backedUp: boolean;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;

  @Column({ type: TIMESTAMP, nullable: true })
  lastUsedAt: Date | null;
}
