import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ValueTransformer } from 'typeorm';

/**
 * Envelope encryption of the applicant images, face crops and face embeddings at rest.
 * Every stored value gets its own random 256-bit data key; the value is sealed with
 * AES-256-GCM under it, and the data key is sealed (wrapped) with AES-256-GCM under the
 * key-encryption key (KEK). The wrapped key travels in the value's header with the id
 * of the KEK that wrapped it, so rotation rewrites 100 header bytes and never the image.
 *
 * Layout: MAGIC(4) keyId(8) wrapIv(12) wrappedKey(32) wrapTag(16) dataIv(12) dataTag(16) ciphertext.
 */
export const ENVELOPE_MAGIC = Buffer.from('KYE1', 'latin1');
const KEY_ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const WRAP_AT = ENVELOPE_MAGIC.length + KEY_ID_BYTES;
const DATA_AT = WRAP_AT + IV_BYTES + KEY_BYTES + TAG_BYTES;
export const ENVELOPE_HEADER_BYTES = DATA_AT + IV_BYTES + TAG_BYTES;

/** A stored value that cannot be opened: tampered, truncated, or sealed under a key this process lacks. */
export class EnvelopeError extends Error {}

/** A key-encryption key with its public id (a hash of the key; reveals nothing about it). */
export interface KeyEncryptionKey {
  id: string;
  key: Buffer;
}

export function keyEncryptionKey(key: Buffer): KeyEncryptionKey {
  if (key.length !== KEY_BYTES) throw new Error(`a key-encryption key has ${KEY_BYTES} bytes, not ${key.length}`);
  const id = createHash('sha256').update('kyc-platform:kek-id:').update(key).digest().subarray(0, KEY_ID_BYTES).toString('hex');
  return { id, key };
}

/** What the database keeps to recognise the right key at start (an HMAC of a constant under it). */
export function keyCheckValue(kek: KeyEncryptionKey): string {
  return createHmac('sha256', kek.key).update('kyc-platform:key-check').digest('hex');
}

export function keyCheckMatches(kek: KeyEncryptionKey, stored: string): boolean {
  const expected = Buffer.from(keyCheckValue(kek), 'hex');
  const actual = Buffer.from(stored, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function seal(key: Buffer, plaintext: Buffer): { iv: Buffer; tag: Buffer; data: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(ENVELOPE_MAGIC);
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

function open(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer): Buffer {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(ENVELOPE_MAGIC);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    throw new EnvelopeError('an encrypted image or face failed its integrity check (tampered or damaged in the database)');
  }
}

export function isEnvelope(value: Buffer): boolean {
  return value.length >= ENVELOPE_HEADER_BYTES && value.subarray(0, ENVELOPE_MAGIC.length).equals(ENVELOPE_MAGIC);
}

/** The id of the KEK that wrapped this value's data key. */
export function envelopeKeyId(value: Buffer): string {
  if (!isEnvelope(value)) throw new EnvelopeError('a stored image or face is not encrypted');
  return value.subarray(ENVELOPE_MAGIC.length, WRAP_AT).toString('hex');
}

export function encryptValue(kek: KeyEncryptionKey, plaintext: Buffer): Buffer {
  const dataKey = randomBytes(KEY_BYTES);
  const wrapped = seal(kek.key, dataKey);
  const sealed = seal(dataKey, plaintext);
  dataKey.fill(0);
  return Buffer.concat([ENVELOPE_MAGIC, Buffer.from(kek.id, 'hex'), wrapped.iv, wrapped.data, wrapped.tag, sealed.iv, sealed.tag, sealed.data]);
}

function unwrapDataKey(keys: ReadonlyMap<string, KeyEncryptionKey>, value: Buffer): Buffer {
  const keyId = envelopeKeyId(value);
  const kek = keys.get(keyId);
  if (!kek) throw new EnvelopeError(`a stored image or face is encrypted under key ${keyId}, which this server was not given`);
  const wrapIv = value.subarray(WRAP_AT, WRAP_AT + IV_BYTES);
  const wrappedKey = value.subarray(WRAP_AT + IV_BYTES, WRAP_AT + IV_BYTES + KEY_BYTES);
  const wrapTag = value.subarray(WRAP_AT + IV_BYTES + KEY_BYTES, DATA_AT);
  return open(kek.key, wrapIv, wrapTag, wrappedKey);
}

export function decryptValue(keys: ReadonlyMap<string, KeyEncryptionKey>, value: Buffer): Buffer {
  const dataKey = unwrapDataKey(keys, value);
  const iv = value.subarray(DATA_AT, DATA_AT + IV_BYTES);
  const tag = value.subarray(DATA_AT + IV_BYTES, ENVELOPE_HEADER_BYTES);
  return open(dataKey, iv, tag, value.subarray(ENVELOPE_HEADER_BYTES));
}

/** The same value with its data key wrapped under `to` instead (the ciphertext is untouched). */
export function rewrapValue(keys: ReadonlyMap<string, KeyEncryptionKey>, to: KeyEncryptionKey, value: Buffer): Buffer {
  const dataKey = unwrapDataKey(keys, value);
  const wrapped = seal(to.key, dataKey);
  dataKey.fill(0);
  return Buffer.concat([ENVELOPE_MAGIC, Buffer.from(to.id, 'hex'), wrapped.iv, wrapped.data, wrapped.tag, value.subarray(DATA_AT)]);
}

/**
 * The keys of this process: the current KEK (new values) and every KEK it may read
 * (the current one and, while a rotation runs, the previous one). Set once the
 * database has confirmed the keys at start (openDataKeyring); entity columns use it
 * through the `encrypted` transformer, which has no other way to reach it.
 */
class DataKeyring {
  private current: KeyEncryptionKey | undefined;
  private readonly readable = new Map<string, KeyEncryptionKey>();

  install(current: KeyEncryptionKey, previous: KeyEncryptionKey | undefined): void {
    this.current = current;
    // Several apps may share a process (tests): keys already known stay readable.
    for (const kek of [current, previous]) if (kek) this.readable.set(kek.id, kek);
  }

  get installed(): boolean {
    return this.current !== undefined;
  }

  get keys(): ReadonlyMap<string, KeyEncryptionKey> {
    return this.readable;
  }

  get writer(): KeyEncryptionKey {
    if (!this.current) throw new Error('the data encryption key is not loaded yet (openDataKeyring runs at start)');
    return this.current;
  }
}

export const dataKeyring = new DataKeyring();

/** TypeORM column transformer: the column stores the envelope, the entity holds the plain bytes. */
export const encrypted: ValueTransformer = {
  to(value: unknown): unknown {
    return Buffer.isBuffer(value) ? encryptValue(dataKeyring.writer, value) : value;
  },
  from(value: unknown): unknown {
    return Buffer.isBuffer(value) ? decryptValue(dataKeyring.keys, value) : value;
  },
};
