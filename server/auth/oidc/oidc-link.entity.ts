import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { User } from '../../users/user.entity.js';

/**
 * A staff account's identity at an OpenID Connect provider: the provider's id (from
 * OIDC_PROVIDERS) and its `sub`, which never changes, so a person whose e-mail changes
 * at the provider still reaches the same account.
 */
@Entity('user_oidc_links')
export class OidcLink {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  providerId: string;

  /** OpenID Connect caps `sub` at 255 ASCII characters. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  subject: string;

  @Index()
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
