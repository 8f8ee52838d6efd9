import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { decrypt, encrypt, sha256 } from '../../common/crypto.js';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import type { User } from '../../users/user.entity.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { LoginThrottleService } from '../login-throttle.service.js';
import { PasswordService } from '../password.service.js';
import type { RecoveryCodesDto, TotpSetupDto, TwoFactorStatusDto } from './dto/two-factor.dto.js';
import { UserPasskey } from '../passkeys/user-passkey.entity.js';
import { UserTwoFactor } from './user-two-factor.entity.js';
import { SecondFactorAttempts } from './second-factor-attempts.js';
import { AuthEmailsService } from '../auth-emails.service.js';

export const RECOVERY_CODE_COUNT = 10;
/** Codes of the previous and next 30-second step are accepted too (clock drift, typing time). */
const EPOCH_TOLERANCE_SECONDS = 30;
const ISSUER = 'KYC platform';
/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Separates the TOTP key from every other use of APP_SECRET (see docs/decisions.md). */
const secretKey = (appSecret: string) => `totp:${appSecret}`;
const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
const throttleSubject = (user: Pick<User, 'id'>) => `user:${user.id}`;

export interface Caller {
  ip: string | undefined;
}

export type SecondFactorMethod = 'totp' | 'passkey';

/** Either a current code of the authenticator app or the account's password. */
export interface SecondFactorProof {
  code?: string;
  password?: string;
}

/** Authenticator-app second factor: enrolment, confirmation, checks at sign-in, recovery codes, removal. */
@Injectable()
export class TwoFactorService {
  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    @InjectRepository(UserTwoFactor) private readonly rows: Repository<UserTwoFactor>,
    @InjectRepository(UserPasskey) private readonly passkeys: Repository<UserPasskey>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly throttle: LoginThrottleService,
    private readonly passwords: PasswordService,
    private readonly guard: SecondFactorAttempts,
    private readonly emails: AuthEmailsService,
  ) {}

  async status(user: Pick<User, 'id'>): Promise<TwoFactorStatusDto> {
    const row = await this.rows.findOneBy({ userId: user.id });
    const enabled = Boolean(row?.confirmedAt);
    return { totpEnabled: enabled, recoveryCodesLeft: enabled ? this.recoveryHashes(row!).length : 0 };
  }

  /** The second factors that guard this account's sign-in (none: the password alone signs in). */
  async methods(userId: string): Promise<SecondFactorMethod[]> {
    const [row, passkeys] = await Promise.all([
      this.rows.findOne({ where: { userId }, select: { userId: true, confirmedAt: true } }),
      this.passkeys.countBy({ userId }),
    ]);
    return [...(row?.confirmedAt ? (['totp'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
  }

  /** Starts (or restarts) an enrolment: a new secret, not guarding anything until confirmed. */
  async startSetup(user: User): Promise<TotpSetupDto> {
    const existing = await this.rows.findOneBy({ userId: user.id });
    if (existing?.confirmedAt) throw AUTH_ERRORS.error('TOTP_ALREADY_ENABLED');
    const secret = generateSecret();
    await this.rows.save({
      userId: user.id,
      secretEncrypted: encrypt(secret, secretKey(this.env.appSecret)),
      confirmedAt: null,
      lastTimeStep: null,
      recoveryCodeHashes: '[]',
    });
    const otpauthUrl = generateURI({ issuer: ISSUER, label: user.username, secret });
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Confirms the enrolment with a first code; answers the recovery codes, shown this once. */
  async confirmSetup(caller: Caller, user: User, code: string): Promise<RecoveryCodesDto> {
    const row = await this.rows.findOneBy({ userId: user.id });
    if (!row) throw AUTH_ERRORS.error('TOTP_NOT_STARTED');
    if (row.confirmedAt) throw AUTH_ERRORS.error('TOTP_ALREADY_ENABLED');
    await this.throttle.registerAttempt(caller.ip, throttleSubject(user));
    const step = await this.matchTotp(row, code);
    if (step === null) throw AUTH_ERRORS.error('INVALID_TWO_FACTOR_CODE');
    await this.throttle.reset(caller.ip, throttleSubject(user));
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => this.recoveryCode());
    await this.dataSource.transaction(async (manager) => {
      await manager.update(
        UserTwoFactor,
        { userId: user.id },
        { confirmedAt: new Date(), lastTimeStep: step, recoveryCodeHashes: JSON.stringify(recoveryCodes.map((c) => sha256(normalizeRecovery(c)))) },
      );
      await this.record(manager, user, 'account.totp_enabled', {});
    });
    this.emails.notifySecurityEvent(user, 'An authenticator app now guards your account', [
      'An authenticator app was set up for signing in to your KYC platform account, with new recovery codes.',
    ]);
    return { recoveryCodes };
  }

  /**
   * The second step of sign-in: an authenticator code of a time step after the last one
   * used, or an unused recovery code (then spent). Counted per account before the code is
   * checked (SecondFactorAttempts: `pendingBaseline` is the count when this pending step
   * began); while the factor is locked only a recovery code is looked at. Audited either
   * way. Throws INVALID_TWO_FACTOR_CODE, SECOND_FACTOR_LOCKED or TWO_FACTOR_NOT_PENDING.
   */
  async verifySignIn(user: User, code: string, pendingBaseline: number): Promise<void> {
    const attempt = await this.guard.countAttempt(user.id, pendingBaseline);
    const method = await this.consume(user.id, code, { totp: !attempt.locked });
    if (!method) {
      await this.dataSource.transaction((manager) =>
        this.record(manager, user, 'account.second_factor_failed', { method: 'totp', ...(attempt.locked ? { locked: true } : {}) }),
      );
      await this.guard.failed(user, attempt);
      if (attempt.locked) throw AUTH_ERRORS.error('SECOND_FACTOR_LOCKED');
      throw AUTH_ERRORS.error('INVALID_TWO_FACTOR_CODE');
    }
    await this.guard.succeeded(user.id);
    await this.dataSource.transaction((manager) => this.record(manager, user, 'account.second_factor_used', { method }));
    if (method === 'recovery_code') {
      const left = (await this.status(user)).recoveryCodesLeft;
      this.emails.notifySecurityEvent(user, 'A recovery code was used', [
        `A recovery code signed in to your KYC platform account; ${left} ${left === 1 ? 'is' : 'are'} left.`,
      ]);
    }
  }

  /** Removes the authenticator app; needs a current code or the password (throttled like sign-in). */
  async remove(caller: Caller, user: User, proof: SecondFactorProof): Promise<void> {
    const row = await this.rows.findOneBy({ userId: user.id });
    if (!row?.confirmedAt) throw AUTH_ERRORS.error('TOTP_NOT_ENABLED');
    await this.verifyProof(caller, user, proof);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(UserTwoFactor, { userId: user.id });
      await this.record(manager, user, 'account.totp_removed', { proof: proof.code ? 'code' : 'password' });
    });
    this.emails.notifySecurityEvent(user, 'The authenticator app was removed from your account', [
      'The authenticator app and its recovery codes no longer guard signing in to your KYC platform account.',
    ]);
  }

  /**
   * Proof that the signed-in person holds the account before a second factor goes: a
   * current code of the app (spent; counted per account like the sign-in step, locked
   * alike) or the password (counted in the sign-in throttle).
   * Throws INVALID_TWO_FACTOR_CODE or WRONG_PASSWORD.
   */
  async verifyProof(caller: Caller, user: User, proof: SecondFactorProof): Promise<void> {
    if (proof.code) {
      const attempt = await this.guard.countAttempt(user.id);
      if (!(await this.consume(user.id, proof.code, { totp: !attempt.locked }))) {
        await this.guard.failed(user, attempt);
        throw AUTH_ERRORS.error(attempt.locked ? 'SECOND_FACTOR_LOCKED' : 'INVALID_TWO_FACTOR_CODE');
      }
      await this.guard.succeeded(user.id);
      return;
    }
    await this.throttle.registerAttempt(caller.ip, throttleSubject(user));
    if (!(await this.passwords.verify(user.passwordHash, proof.password ?? ''))) throw AUTH_ERRORS.error('WRONG_PASSWORD');
    await this.throttle.reset(caller.ip, throttleSubject(user));
  }

  /**
   * Spends a code atomically: the conditional update wins once even when two requests
   * carry the same code at the same moment (replay). Answers the method used, or null.
   */
  private async consume(userId: string, code: string, accept: { totp: boolean }): Promise<'totp' | 'recovery_code' | null> {
    const row = await this.rows.findOneBy({ userId });
    if (!row?.confirmedAt) return null;
    const step = accept.totp ? await this.matchTotp(row, code) : null;
    if (step !== null) {
      if (row.lastTimeStep !== null && step <= row.lastTimeStep) return null;
      const result = await this.rows
        .createQueryBuilder()
        .update()
        .set({ lastTimeStep: step })
        .where('"userId" = :userId', { userId })
        .andWhere(row.lastTimeStep === null ? '"lastTimeStep" IS NULL' : '"lastTimeStep" = :last', { last: row.lastTimeStep })
        .execute();
      return result.affected ? 'totp' : null;
    }
    const hashes = this.recoveryHashes(row);
    const hash = sha256(normalizeRecovery(code));
    if (!hashes.includes(hash)) return null;
    const result = await this.rows
      .createQueryBuilder()
      .update()
      .set({ recoveryCodeHashes: JSON.stringify(hashes.filter((h) => h !== hash)) })
      .where('"userId" = :userId AND "recoveryCodeHashes" = :before', { userId, before: row.recoveryCodeHashes })
      .execute();
    return result.affected ? 'recovery_code' : null;
  }

  /** The time step of a valid 6-digit code, else null. */
  private async matchTotp(row: UserTwoFactor, code: string): Promise<number | null> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const secret = decrypt(row.secretEncrypted, secretKey(this.env.appSecret));
    const result = await verify({ secret, token, epochTolerance: EPOCH_TOLERANCE_SECONDS });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private recoveryHashes(row: UserTwoFactor): string[] {
    return JSON.parse(row.recoveryCodeHashes) as string[];
  }

  private recoveryCode(): string {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  }

  private record(
    manager: EntityManager,
    user: User,
    action: 'account.totp_enabled' | 'account.totp_removed' | 'account.second_factor_used' | 'account.second_factor_failed',
    detail: Record<string, unknown>,
  ) {
    return this.audit.record(manager, { actor: user, organizationId: null, action, detail });
  }
}
