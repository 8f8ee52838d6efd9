import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';

export const CHALLENGE_PURPOSES = ['registration', 'second-factor', 'sign-in'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

/**
 * A WebAuthn challenge handed out and not used yet. Deleting the row is what spends it, so
 * two requests with one challenge cannot both pass (on any replica); rows expire after
 * a few minutes and are purged when new ones are issued.
 */
@Entity('webauthn_challenges')
export class WebauthnChallenge {
  /** The challenge as sent (base64url of 32 random bytes). */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  challenge: string;

  @Column({ type: 'varchar', length: 16 })
  purpose: ChallengePurpose;

  /** The account it was issued for; null for a passwordless sign-in (the passkey names the account). */
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @Index()
  @Column({ type: TIMESTAMP })
  expiresAt: Date;
}
