import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { countAttempt, forgetAttempts } from './attempt-counter.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { AUTH_MESSAGES } from '../users/account.messages.js';
import { LoginThrottle } from './login-throttle.entity.js';

/** At most this many failed password checks per IP + username … */
export const MAX_FAILED_ATTEMPTS = 5;
/** … within this window, counted from the first failure. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Throttles password guessing per (IP, username) in the database, so every replica
 * counts together. An attempt is counted BEFORE the password is checked, so a burst
 * of parallel guesses cannot all slip through; a successful check clears the count.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@InjectRepository(LoginThrottle) private readonly rows: Repository<LoginThrottle>) {}

  /**
   * Counts one attempt; throws 429 when the budget of this window is spent. `subject` is
   * the account id when the login names an account (by username or e-mail alike), else
   * the typed login, so both spellings of one account share one budget.
   */
  async registerAttempt(ip: string | undefined, subject: string): Promise<void> {
    const { attempts, minutesLeft } = await countAttempt(this.rows, this.key(ip, subject), THROTTLE_WINDOW_MS);
    if (attempts > MAX_FAILED_ATTEMPTS) {
      throw AUTH_ERRORS.error('LOGIN_THROTTLED', AUTH_MESSAGES.tooManyAttempts(minutesLeft));
    }
  }

  /** After a correct password: the counted attempt was not a failure, and earlier ones are forgiven. */
  async reset(ip: string | undefined, subject: string): Promise<void> {
    await forgetAttempts(this.rows, this.key(ip, subject));
  }

  private key(ip: string | undefined, subject: string): string {
    return `${ip ?? 'unknown'}|${subject.trim().toLowerCase()}`;
  }
}
