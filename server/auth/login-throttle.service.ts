import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { sha256 } from '../common/crypto.js';
import { AUTH_MESSAGES } from './auth.messages.js';
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
    const keyHash = this.key(ip, subject);
    const now = Date.now();
    const row = await this.rows.findOneBy({ keyHash });
    if (!row || row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS <= now) {
      await this.rows.upsert({ keyHash, failures: 1, windowStartedAt: new Date(now) }, ['keyHash']);
      if (Math.random() < 0.01) await this.rows.delete({ windowStartedAt: LessThan(new Date(now - THROTTLE_WINDOW_MS)) });
      return;
    }
    await this.rows.increment({ keyHash }, 'failures', 1);
    const attempts = (await this.rows.findOneBy({ keyHash }))?.failures ?? 1;
    if (attempts > MAX_FAILED_ATTEMPTS) {
      const minutes = Math.max(1, Math.ceil((row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS - now) / 60_000));
      throw new HttpException(AUTH_MESSAGES.tooManyAttempts(minutes), HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  /** After a correct password: the counted attempt was not a failure, and earlier ones are forgiven. */
  async reset(ip: string | undefined, subject: string): Promise<void> {
    await this.rows.delete({ keyHash: this.key(ip, subject) });
  }

  private key(ip: string | undefined, subject: string): string {
    return sha256(`${ip ?? 'unknown'}|${subject.trim().toLowerCase()}`);
  }
}
