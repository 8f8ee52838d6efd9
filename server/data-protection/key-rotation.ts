import { Not, type DataSource } from 'typeorm';
import { DataEncryptionKeyRecord } from './data-encryption-key.entity.js';
import { type BatchProgress, rewriteEncryptedColumns } from './encrypted-columns.js';
import { dataKeyring, envelopeKeyId, isEnvelope, rewrapValue } from './envelope.js';

/**
 * Re-wraps every stored data key still under another key-encryption key with the
 * current one (the keyring must hold the old key too), batch by batch, then removes the
 * other keys from data_encryption_keys. Interrupted, it resumes where values still
 * carry the old key id.
 */
export async function rotateDataKeys(dataSource: DataSource, onProgress?: (progress: BatchProgress) => void): Promise<{ rewrapped: number; keyId: string }> {
  const writer = dataKeyring.writer;
  const rewrapped = await rewriteEncryptedColumns(
    dataSource,
    (stored) => (isEnvelope(stored) && envelopeKeyId(stored) !== writer.id ? rewrapValue(dataKeyring.keys, writer, stored) : undefined),
    onProgress,
  );
  await dataSource.getRepository(DataEncryptionKeyRecord).delete({ keyId: Not(writer.id) });
  return { rewrapped, keyId: writer.id };
}
