import { Injectable } from '@nestjs/common';
import { RateLimiter } from '../common/rate-limit/rate-limiter.js';
import { addressKey } from '../common/rate-limit/address-key.js';
import { AUTH_MESSAGES } from '../users/account.messages.js';
import { AUTH_ERRORS } from './auth.errors.js';

/** At most this many failed password checks per address + account … */
export const MAX_FAILED_ATTEMPTS = 5;
/** … and this many per account from all addresses together (a guessing spread over many addresses) … */
export const MAX_FAILED_ATTEMPTS_PER_ACCOUNT = 30;
/** … within this window, counted from the first failure. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Throttles password guessing per (address, account) and per account over all addresses
 * through the shared rate limiter, so every replica counts together (an IPv6 address
 * counts by its /64: addressKey). An attempt is counted BEFORE the password is checked, so
 * a burst of parallel guesses cannot all slip through; a successful check clears both.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Counts one attempt; throws 429 when the budget of this window is spent. `subject` is
   * the account id when the login names an account (by username or e-mail alike), else
   * the typed login, so both spellings of one account share one budget.
   */
  async registerAttempt(ip: string | undefined, subject: string): Promise<void> {
    const fromHere = await this.limiter.hit(this.key(ip, subject), { limit: MAX_FAILED_ATTEMPTS, windowMs: THROTTLE_WINDOW_MS });
    const fromAnywhere = await this.limiter.hit(this.accountKey(subject), { limit: MAX_FAILED_ATTEMPTS_PER_ACCOUNT, windowMs: THROTTLE_WINDOW_MS });
    const verdict = fromHere.allowed ? fromAnywhere : fromHere;
    if (!verdict.allowed) {
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
      throw AUTH_ERRORS.error('LOGIN_THROTTLED', AUTH_MESSAGES.tooManyAttempts(minutes)).retryAfter(verdict.retryAfterSeconds);
    }
  }

  /** After a correct password: the counted attempt was not a failure, and earlier ones are forgiven. */
  async reset(ip: string | undefined, subject: string): Promise<void> {
    await this.limiter.reset(this.key(ip, subject));
    await this.limiter.reset(this.accountKey(subject));
  }

  private key(ip: string | undefined, subject: string): string {
    return `login|${addressKey(ip)}|${subject.trim().toLowerCase()}`;
  }

  private accountKey(subject: string): string {
    return `login-account|${subject.trim().toLowerCase()}`;
  }
}
