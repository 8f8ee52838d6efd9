import { createCipheriv, createDecipheriv, createHash, hash, randomBytes } from 'node:crypto';

/** Hex SHA-256 of a string, in one call (no Hash object: this runs on every API-key request). */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** A URL-safe random token with 256 bits of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function keyFrom(secret: string): Buffer {
  return createHash('sha256').update(`kyc-platform:encryption:${secret}`).digest();
}

/** AES-256-GCM with a key derived from APP_SECRET; output is `iv.tag.ciphertext` in base64url. */
export function encrypt(plaintext: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

export function decrypt(encoded: string, secret: string): string {
  const [iv, tag, data] = encoded.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
