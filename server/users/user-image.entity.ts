import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { BINARY, TIMESTAMP } from '../database/column-types.js';
import { User } from './user.entity.js';

/** A user's profile picture, kept in the database so every replica can serve it. */
@Entity('user_images')
export class UserImage {
  @PrimaryColumn('uuid')
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'varchar', length: 32 })
  contentType: string;

  @Column({ type: BINARY })
  data: Buffer;

  @UpdateDateColumn({ type: TIMESTAMP })
  updatedAt: Date;
}
