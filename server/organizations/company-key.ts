import { randomToken } from '../common/crypto.js';

export const COMPANY_KEY_PREFIX = 'pk_';

/** A new publishable key identifying an organization on the /kyc page (like a Stripe pk_ key). */
export function newCompanyKey(): string {
  return `${COMPANY_KEY_PREFIX}${randomToken(24)}`;
}
