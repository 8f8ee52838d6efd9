import { Not, type DataSource } from 'typeorm';
import { DataEncryptionKeyRecord } from './data-encryption-key.entity.js';
import { type BatchProgress, rewriteEncryptedColumns } from './encrypted-columns.js';
import { dataKeyring, envelopeKeyId, isEnvelope, rewrapValue } from './envelope.js';

/** Walks over every encrypted column at most this many times before it gives up on a moving target. */
const MAX_PASSES = 3;

export class RotationIncompleteError extends Error {}

/**
 * Re-wraps every stored data key still under another key-encryption key with the
 * current one (the keyring must hold the old key too), batch by batch, and walks again
 * until a whole pass finds nothing left: a replica still running with the old key may
 * write behind the walk, and a value left under a key the database then forgets would
 * never open again. Only then are the other keys removed from data_encryption_keys. After
 * MAX_PASSES passes that each still found some, it stops with RotationIncompleteError,
 * keeping the old key known (run it again once every replica has the new key).
 * Interrupted, it resumes where values still carry the old key id.
 */
export async function rotateDataKeys(
  dataSource: DataSource,
  onProgress?: (progress: BatchProgress & { pass: number }) => void | Promise<void>,
): Promise<{ rewrapped: number; keyId: string; passes: number }> {
  const writer = dataKeyring.writer;
  let rewrapped = 0;
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    const changed = await rewriteEncryptedColumns(
      dataSource,
      (stored) => (isEnvelope(stored) && envelopeKeyId(stored) !== writer.id ? rewrapValue(dataKeyring.keys, writer, stored) : undefined),
      onProgress && ((progress) => onProgress({ ...progress, pass })),
    );
    rewrapped += changed;
    if (changed === 0) {
      await dataSource.getRepository(DataEncryptionKeyRecord).delete({ keyId: Not(writer.id) });
      return { rewrapped, keyId: writer.id, passes: pass };
    }
  }
  throw new RotationIncompleteError(
    `values under the old key kept appearing through ${MAX_PASSES} passes (${rewrapped} re-wrapped): a replica still writes with the old key. Restart every replica with the new DATA_ENCRYPTION_KEY (and the old one as DATA_ENCRYPTION_KEY_PREVIOUS), then run it again; the old key stays known until then`,
  );
}
