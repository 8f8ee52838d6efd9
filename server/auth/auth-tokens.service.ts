import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThan, type Repository } from 'typeorm';
import { randomToken, sha256 } from '../common/crypto.js';
import { AuthToken, type AuthTokenPurpose } from './auth-token.entity.js';

export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  'reset-password': 60 * 60 * 1000,
  'confirm-email': 24 * 60 * 60 * 1000,
  'set-password': 72 * 60 * 60 * 1000,
  'unlock-second-factor': 24 * 60 * 60 * 1000,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** E-mailed tokens: random, stored only as SHA-256, bound to one user and purpose, single-use, expiring. */
@Injectable()
export class AuthTokensService {
  constructor(@InjectRepository(AuthToken) private readonly tokens: Repository<AuthToken>) {}

  /** Returns the token in clear: it goes into the e-mail and nowhere else. */
  async issue(userId: string, purpose: AuthTokenPurpose): Promise<string> {
    const token = randomToken();
    await this.tokens.insert({
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
      usedAt: null,
    });
    return token;
  }

  /**
   * Spends a token: true only if it exists for this user and purpose, is unexpired and
   * unused — and this call is the one that marked it used (a race has one winner).
   */
  async consume(userId: unknown, token: unknown, purposes: AuthTokenPurpose[]): Promise<AuthToken | null> {
    if (typeof userId !== 'string' || !UUID.test(userId) || typeof token !== 'string' || token.length > 256) return null;
    const row = await this.tokens.findOneBy({ tokenHash: sha256(token) });
    if (!row || row.userId !== userId || !purposes.includes(row.purpose)) return null;
    if (row.usedAt !== null || row.expiresAt.getTime() <= Date.now()) return null;
    const result = await this.tokens.update({ id: row.id, usedAt: IsNull() }, { usedAt: new Date() });
    return result.affected === 1 ? row : null;
  }

  /** Voids every unused token of these purposes (after a password or e-mail change). */
  async revokeOutstanding(userId: string, purposes: AuthTokenPurpose[]): Promise<void> {
    await this.tokens.update({ userId, purpose: In(purposes), usedAt: IsNull() }, { usedAt: new Date() });
  }

  /** How many tokens of this purpose were issued to the user in the last `windowMs`. */
  countIssuedSince(userId: string, purpose: AuthTokenPurpose, windowMs: number): Promise<number> {
    return this.tokens.countBy({ userId, purpose, createdAt: MoreThan(new Date(Date.now() - windowMs)) });
  }
}
