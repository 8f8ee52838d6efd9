import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';

/**
 * A key-encryption key the stored images and faces may be wrapped under: its id and a
 * check value (never the key). At start the configured key must be one of these, so a
 * wrong key stops the server instead of serving unreadable images.
 */
@Entity('data_encryption_keys')
export class DataEncryptionKeyRecord {
  /** keyEncryptionKey().id: 16 hex digits derived from the key. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  keyId: string;

  /** keyCheckValue(): an HMAC of a constant under the key. */
  @Column({ type: 'varchar', length: 64 })
  checkValue: string;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
