import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Clock } from '../common/clock.js';
import { appConfig, type AppConfig } from '../config/config.module.js';

/** Widget tokens are short-lived; the widget renews one on 'invalid-token' without losing progress. */
export const WIDGET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const WIDGET_TOKEN_PREFIX = 'kyc_wt_';

/**
 * What a token lets its holder do: `edit` works through the widget's steps and reads back
 * what this session wrote; `status` only follows the applicant's status.
 */
export type WidgetScope = 'edit' | 'status';

export interface WidgetTokenClaims {
  applicantId: string;
  organizationId: string;
  userId: string;
  /** The verification session the token was issued for; null for a status-only token. */
  sid: string | null;
  /** The applicant's session generation at issue: a later reset or session ends the token. */
  gen: number;
  scope: WidgetScope;
  /** Expiry, ms since the epoch. */
  exp: number;
}

/**
 * Stateless tokens bound to ONE applicant: `kyc_wt_<claims>.<HMAC-SHA256>`, keyed by a
 * key derived from APP_SECRET (so every replica verifies them).
 */
@Injectable()
export class WidgetTokenService {
  private readonly key: Buffer;

  constructor(
    @Inject(appConfig.KEY) env: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', env.appSecret).update('kyc-platform:widget-token').digest();
  }

  /** A token valid for 15 minutes, never past `notAfter` (its session's end). */
  issue(claims: Omit<WidgetTokenClaims, 'exp'>, notAfter?: Date): { token: string; expiresAt: Date } {
    const exp = Math.min(this.clock.now().getTime() + WIDGET_TOKEN_TTL_MS, notAfter?.getTime() ?? Infinity);
    const payload = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
    return { token: `${WIDGET_TOKEN_PREFIX}${payload}.${this.sign(payload)}`, expiresAt: new Date(exp) };
  }

  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string | undefined): WidgetTokenClaims | null {
    if (!token?.startsWith(WIDGET_TOKEN_PREFIX)) return null;
    // Exactly `<payload>.<signature>` in base64url: anything appended (`.x`) or mixed in is refused.
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token.slice(WIDGET_TOKEN_PREFIX.length));
    if (!match) return null;
    const [, payload, signature] = match;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WidgetTokenClaims;
      return claims.exp > this.clock.now().getTime() ? claims : null;
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
