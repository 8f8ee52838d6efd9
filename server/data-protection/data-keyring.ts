import type { DataSource } from 'typeorm';
import { ConfigurationError, type DataEncryptionSettings } from '../config/environment.js';
import { DataEncryptionKeyRecord } from './data-encryption-key.entity.js';
import { dataKeyring, encryptValue, keyCheckMatches, keyCheckValue, keyEncryptionKey, type KeyEncryptionKey } from './envelope.js';
import { isPlaintext, rewriteEncryptedColumns } from './encrypted-columns.js';

/**
 * Run once the database is open and migrated, before anything reads an image: checks
 * the configured key against the keys the database knows, refuses a wrong one, installs
 * the keyring, and on the first start with encryption seals the images and faces stored
 * before it (the key's row is written only after that, so an interrupted start resumes).
 * Returns how many rows it sealed.
 */
export async function openDataKeyring(dataSource: DataSource, settings: DataEncryptionSettings): Promise<number> {
  const current = keyEncryptionKey(settings.key);
  const previous = settings.previousKey ? keyEncryptionKey(settings.previousKey) : undefined;
  const repository = dataSource.getRepository(DataEncryptionKeyRecord);
  const known = await repository.find();
  const matches = (kek: KeyEncryptionKey | undefined) => kek !== undefined && known.some((row) => row.keyId === kek.id && keyCheckMatches(kek, row.checkValue));
  if (known.length === 0) {
    dataKeyring.install(current, previous);
    const sealed = await rewriteEncryptedColumns(dataSource, (stored) => (isPlaintext(stored) ? encryptValue(current, stored) : undefined));
    await repository.upsert({ keyId: current.id, checkValue: keyCheckValue(current) }, ['keyId']);
    return sealed;
  }
  // A previous key the database no longer knows (the rotation finished) is simply not used.
  const readablePrevious = matches(previous) ? previous : undefined;
  if (!matches(current)) {
    if (!readablePrevious) {
      throw new ConfigurationError(
        `${settings.source} is not the key this database's images and faces are encrypted with (the database expects key id ${known.map((row) => row.keyId).join(' or ')}, this key's id is ${current.id}). ` +
          'Start with the right key; to change keys, set the old one in DATA_ENCRYPTION_KEY_PREVIOUS and run npm run keys:rotate (see docs/operations.md).',
      );
    }
    // A rotation begins: the new key joins the known ones; the old stays until keys:rotate has re-wrapped everything.
    await repository.upsert({ keyId: current.id, checkValue: keyCheckValue(current) }, ['keyId']);
  }
  dataKeyring.install(current, readablePrevious);
  return 0;
}
