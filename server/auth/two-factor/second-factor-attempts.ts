import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThanOrEqual, type Repository } from 'typeorm';
import type { Request } from 'express';
import { endPendingSecondFactor, type PendingSecondFactor } from '../../sessions/session-lifecycle.js';
import { User } from '../../users/user.entity.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { AuthEmailsService } from '../auth-emails.service.js';
import { AuthTokensService } from '../auth-tokens.service.js';

/** Wrong second factors one pending sign-in step may take before it ends (sign in with the password again). */
export const PENDING_STEP_MAX_FAILURES = 5;
/** Wrong second factors in a row after which the account's second factor locks. */
export const SECOND_FACTOR_LOCK_AFTER = 10;

/** What one counted attempt found: the account's failures including this attempt, and whether it is locked. */
export interface SecondFactorAttempt {
  failures: number;
  locked: boolean;
}

/**
 * Counts wrong second factors per ACCOUNT, whatever the address and however many times
 * the password was given again: an attempt is counted before its code is checked (so a
 * burst of parallel guesses is counted too), and only a right second factor clears the
 * count. After SECOND_FACTOR_LOCK_AFTER failures the authenticator app and passkeys stop
 * being accepted until a recovery code is used or the e-mailed unlock link followed; the
 * account holder is told by e-mail when the count reaches PENDING_STEP_MAX_FAILURES and
 * when the factor locks.
 */
@Injectable()
export class SecondFactorAttempts {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly tokens: AuthTokensService,
    private readonly emails: AuthEmailsService,
  ) {}

  /** The account's failure count now (kept in the pending step to know how many that step has spent). */
  async failures(userId: string): Promise<number> {
    const row = await this.users.findOne({ where: { id: userId }, select: { id: true, secondFactorFailures: true } });
    return row?.secondFactorFailures ?? 0;
  }

  /**
   * Counts one attempt before its proof is checked. `pendingBaseline` is the count when the
   * pending sign-in step began: a step that has spent its PENDING_STEP_MAX_FAILURES is
   * refused (TWO_FACTOR_NOT_PENDING) without looking at the code.
   */
  async countAttempt(userId: string, pendingBaseline?: number): Promise<SecondFactorAttempt> {
    // One transaction: the increment's row lock holds other attempts until this one has read
    // its own count, so each of N parallel attempts sees a count of its own (1…N). Read
    // outside it, several could see a later count and be refused for another's attempt.
    const row = await this.users.manager.transaction(async (manager) => {
      await manager.increment(User, { id: userId }, 'secondFactorFailures', 1);
      return manager.findOneOrFail(User, { where: { id: userId }, select: { id: true, secondFactorFailures: true, secondFactorLockedAt: true } });
    });
    // Each count is given out once: at most SECOND_FACTOR_LOCK_AFTER attempts ever see a count within it.
    const attempt = { failures: row.secondFactorFailures, locked: row.secondFactorLockedAt !== null || row.secondFactorFailures > SECOND_FACTOR_LOCK_AFTER };
    if (pendingBaseline !== undefined && attempt.failures - pendingBaseline > PENDING_STEP_MAX_FAILURES) {
      throw AUTH_ERRORS.error('TWO_FACTOR_NOT_PENDING');
    }
    return attempt;
  }

  /** Refuses an authenticator code or a passkey while the second factor is locked (a recovery code still works). */
  assertUnlocked(attempt: SecondFactorAttempt): void {
    if (attempt.locked) throw AUTH_ERRORS.error('SECOND_FACTOR_LOCKED');
  }

  /** A right second factor: the count starts again and a lock is lifted. */
  async succeeded(userId: string): Promise<void> {
    await this.users.update({ id: userId }, { secondFactorFailures: 0, secondFactorLockedAt: null });
  }

  /**
   * After a wrong proof: warns the account holder when the count reaches the pending
   * step's limit, and locks the factor (once, with an e-mailed unlock link) at the lock limit.
   */
  async failed(user: Pick<User, 'id' | 'username' | 'email'>, attempt: SecondFactorAttempt): Promise<void> {
    if (attempt.failures === PENDING_STEP_MAX_FAILURES) {
      this.emails.notifySecurityEvent(user, 'Wrong sign-in codes on your account', [
        `Someone gave the right password of your KYC platform account, then ${attempt.failures} wrong codes (or passkeys) in a row.`,
        'Someone who knows your password may be guessing codes.',
      ]);
    }
    if (attempt.failures < SECOND_FACTOR_LOCK_AFTER) return;
    const locked = await this.users.update(
      { id: user.id, secondFactorLockedAt: IsNull(), secondFactorFailures: MoreThanOrEqual(SECOND_FACTOR_LOCK_AFTER) },
      { secondFactorLockedAt: new Date() },
    );
    if (!locked.affected) return;
    await this.tokens.revokeOutstanding(user.id, ['unlock-second-factor']);
    const token = await this.tokens.issue(user.id, 'unlock-second-factor');
    this.emails.notifySecurityEvent(user, 'Your second factor is locked', [
      `After ${attempt.failures} wrong codes (or passkeys) in a row, your authenticator app and passkeys no longer sign in to your KYC platform account.`,
      'To sign in, use one of your recovery codes, or open this link (valid 24 hours) to unlock them:',
      '',
      `${this.emails.publicUrl}/unlock-second-factor?user=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`,
    ]);
  }

  /** Runs a pending step's proof; a step that has spent its attempts ends, and the password must be given again. */
  async pendingStep<T>(req: Request, pending: PendingSecondFactor, proof: () => Promise<T>): Promise<T> {
    try {
      return await proof();
    } catch (error) {
      if ((await this.failures(pending.userId)) - pending.failuresBaseline >= PENDING_STEP_MAX_FAILURES) await endPendingSecondFactor(req);
      throw error;
    }
  }

  /** The e-mailed unlock link: lifts the lock and starts the count again. */
  async unlock(userId: string, token: string): Promise<void> {
    if (!(await this.tokens.consume(userId, token, ['unlock-second-factor']))) throw AUTH_ERRORS.error('LINK_INVALID');
    await this.succeeded(userId);
  }
}
