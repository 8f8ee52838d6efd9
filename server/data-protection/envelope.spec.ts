import { randomBytes } from 'node:crypto';
import { ConfigurationError, parseDataKey } from '../config/environment.js';
import {
  decryptValue,
  ENVELOPE_HEADER_BYTES,
  envelopeKeyId,
  EnvelopeError,
  encryptValue,
  isEnvelope,
  keyCheckMatches,
  keyCheckValue,
  keyEncryptionKey,
  rewrapValue,
} from './envelope.js';

describe('the envelope of a stored image', () => {
  const oldKek = keyEncryptionKey(randomBytes(32));
  const newKek = keyEncryptionKey(randomBytes(32));
  const keys = new Map([
    [oldKek.id, oldKek],
    [newKek.id, newKek],
  ]);
  const plain = randomBytes(5000);

  it('round-trips, and refuses a flipped bit anywhere in the wrapped key or the ciphertext', () => {
    const sealed = encryptValue(oldKek, plain);
    expect(isEnvelope(sealed) && envelopeKeyId(sealed) === oldKek.id).toBe(true);
    expect(decryptValue(keys, sealed).equals(plain)).toBe(true);
    for (const at of [20, 50, ENVELOPE_HEADER_BYTES - 20, ENVELOPE_HEADER_BYTES + 100, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[at] ^= 0x40;
      expect(() => decryptValue(keys, tampered)).toThrow(EnvelopeError);
    }
  });

  it('names a key the process was not given, and refuses plain bytes', () => {
    const sealed = encryptValue(newKek, plain);
    expect(() => decryptValue(new Map([[oldKek.id, oldKek]]), sealed)).toThrow(`encrypted under key ${newKek.id}`);
    expect(() => decryptValue(keys, plain)).toThrow('is not encrypted');
  });

  it('re-wraps under another key without touching the ciphertext', () => {
    const sealed = encryptValue(oldKek, plain);
    const rewrapped = rewrapValue(keys, newKek, sealed);
    expect(envelopeKeyId(rewrapped)).toBe(newKek.id);
    expect(rewrapped.subarray(ENVELOPE_HEADER_BYTES - 28).equals(sealed.subarray(ENVELOPE_HEADER_BYTES - 28))).toBe(true);
    expect(decryptValue(new Map([[newKek.id, newKek]]), rewrapped).equals(plain)).toBe(true);
  });

  it('checks keys against their stored check value, and reads keys as hex or base64 only when 32 bytes', () => {
    expect(keyCheckMatches(oldKek, keyCheckValue(oldKek))).toBe(true);
    expect(keyCheckMatches(newKek, keyCheckValue(oldKek))).toBe(false);
    const raw = randomBytes(32);
    expect(parseDataKey(raw.toString('hex'), 'K').equals(raw)).toBe(true);
    expect(parseDataKey(raw.toString('base64'), 'K').equals(raw)).toBe(true);
    expect(parseDataKey(raw.toString('base64url'), 'K').equals(raw)).toBe(true);
    expect(() => parseDataKey(randomBytes(16).toString('hex'), 'K')).toThrow(ConfigurationError);
    expect(() => parseDataKey('not a key at all', 'K')).toThrow('K must be 32 random bytes');
  });
});
