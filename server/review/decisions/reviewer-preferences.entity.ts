import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../users/user.entity.js';

/** A reviewer's own decision preferences (kept apart from the list's user_preferences). No row: the defaults. */
@Entity('reviewer_preferences')
export class ReviewerPreferences {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  /** "Don't ask again" on the approve confirmation. */
  @Column({ type: 'boolean', default: false })
  approveWithoutConfirmation: boolean;
}
