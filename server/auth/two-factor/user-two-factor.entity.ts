import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { User } from '../../users/user.entity.js';

/**
 * A staff account's authenticator app (TOTP): the secret encrypted under a key derived
 * from APP_SECRET, the last time step used (a code is good once), and the SHA-256 of the
 * unused recovery codes. A row whose `confirmedAt` is null is an enrolment not yet
 * confirmed with a code: it does not guard sign-in.
 */
@Entity('user_two_factor')
export class UserTwoFactor {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'varchar', length: 512 })
  secretEncrypted: string;

  @Column({ type: TIMESTAMP, nullable: true })
  confirmedAt: Date | null;

  /** The TOTP time step of the last accepted code; a code of this step or an earlier one is refused. */
  @Column({ type: 'integer', nullable: true })
  lastTimeStep: number | null;

  /** JSON array of SHA-256 hex digests of the recovery codes not used yet. */
  @Column({ type: 'text', default: '[]' })
  recoveryCodeHashes: string;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;

  @UpdateDateColumn({ type: TIMESTAMP })
  updatedAt: Date;
}
