import { encrypt, randomToken, sha256 } from '../common/crypto.js';

/** Secret API keys are recognizable (and detectable by secret scanners) by this prefix. */
export const API_KEY_PREFIX = 'kyc_sk_';

/** The secret API key in `Authorization: Bearer`, if the request carries one. */
export function apiKeyOf(req: { headers: { authorization?: string } }): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : undefined;
}

export function carriesApiKey(req: { headers: { authorization?: string } }): boolean {
  return apiKeyOf(req) !== undefined;
}

export interface IssuedApiKey {
  apiKey: string;
  apiKeyHash: string;
  apiKeyEncrypted: string;
}

/** A new secret key: looked up by its SHA-256, kept encrypted only so its owner can see it again. */
export function issueApiKey(appSecret: string): IssuedApiKey {
  const apiKey = `${API_KEY_PREFIX}${randomToken(24)}`;
  return { apiKey, apiKeyHash: sha256(apiKey), apiKeyEncrypted: encrypt(apiKey, appSecret) };
}
