import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';

/** Failed logins per (IP, username) in the current window; in the database so replicas share it. */
@Entity('login_throttle')
export class LoginThrottle {
  /** SHA-256 of `${ip}|${lower-cased username}`. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  keyHash: string;

  @Column({ type: 'integer', default: 0 })
  failures: number;

  @Column({ type: TIMESTAMP })
  windowStartedAt: Date;
}
