import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import { User } from '../user.entity.js';

/**
 * A staff member's settings for the back-office, one row per user: a JSON object whose
 * keys are declared in user-preferences.dto.ts (e.g. the applicants list's columns).
 */
@Entity('user_preferences')
export class UserPreferences {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'simple-json' })
  settings: Record<string, unknown>;

  @UpdateDateColumn({ type: TIMESTAMP })
  updatedAt: Date;
}
