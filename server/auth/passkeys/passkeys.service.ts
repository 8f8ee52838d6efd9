import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { LessThan, MoreThan, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { isUniqueViolation } from '../../common/database-errors.js';
import { RateLimiter } from '../../common/rate-limit/rate-limiter.js';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import { AUTH_MESSAGES } from '../../users/account.messages.js';
import { User } from '../../users/user.entity.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { LoginThrottleService } from '../login-throttle.service.js';
import { TwoFactorService, type Caller, type SecondFactorProof } from '../two-factor/two-factor.service.js';
import type { PasskeyDto } from './dto/passkey.dto.js';
import { SecondFactorAttempts, type SecondFactorAttempt } from '../two-factor/second-factor-attempts.js';
import { AuthEmailsService } from '../auth-emails.service.js';
import type { PendingSecondFactor } from '../../sessions/session-lifecycle.js';
import { UserPasskey } from './user-passkey.entity.js';
import { WebauthnChallenge, type ChallengePurpose } from './webauthn-challenge.entity.js';
import { addressKey } from '../../common/rate-limit/address-key.js';

/** How long a challenge may wait for the authenticator (the browser's own timeout is the same). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = 'KYC platform';
/** Passwordless options are public and each stores a challenge: at most this many per address and minute. */
export const PASSWORDLESS_OPTIONS_PER_MINUTE = 60;

const throttleSubject = (userId: string) => `user:${userId}`;
type PasskeyAuditAction = 'account.passkey_added' | 'account.passkey_removed' | 'account.passkey_used' | 'account.passkey_failed';

/**
 * Passkeys (WebAuthn, discoverable credentials): enrolment on the Security page, use as
 * the second step after the password, and passwordless sign-in. The relying party is
 * PUBLIC_URL: its host name is the RP ID and its origin the only origin accepted.
 */
@Injectable()
export class PasskeysService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    @Inject(appConfig.KEY) env: AppConfig,
    @InjectRepository(UserPasskey) private readonly passkeys: Repository<UserPasskey>,
    @InjectRepository(WebauthnChallenge) private readonly challenges: Repository<WebauthnChallenge>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly throttle: LoginThrottleService,
    private readonly limiter: RateLimiter,
    private readonly twoFactor: TwoFactorService,
    private readonly guard: SecondFactorAttempts,
    private readonly emails: AuthEmailsService,
  ) {
    const url = new URL(env.publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  async list(user: Pick<User, 'id'>): Promise<PasskeyDto[]> {
    const rows = await this.passkeys.find({ where: { userId: user.id }, order: { createdAt: 'ASC' } });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      backedUp: row.backedUp,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /** Options for navigator.credentials.create(): a discoverable credential, none of the account's existing ones again. */
  async registrationOptions(user: User): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.passkeys.find({ where: { userId: user.id }, select: { credentialId: true, transports: true } });
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpId,
      userName: user.username,
      userDisplayName: user.username,
      userID: isoUint8Array.fromUTF8String(user.id),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) as string[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.issueChallenge(options.challenge, 'registration', user.id);
    return options;
  }

  /** Verifies the authenticator's attestation ('none' accepted: we need the key, not the make) and keeps the passkey. */
  async register(user: User, name: string, response: RegistrationResponseJSON): Promise<PasskeyDto> {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => this.spendChallenge(challenge, 'registration', user.id),
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      requireUserVerification: false,
    }).catch((error: unknown) => {
      throw this.challengeOr(error, 'PASSKEY_REGISTRATION_FAILED');
    });
    if (!verification.verified) throw AUTH_ERRORS.error('PASSKEY_REGISTRATION_FAILED');
    const { credential, credentialBackedUp } = verification.registrationInfo;
    let saved: UserPasskey;
    try {
      saved = await this.dataSource.transaction(async (manager) => {
        const row = await manager.save(
          manager.create(UserPasskey, {
            userId: user.id,
            credentialId: credential.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: JSON.stringify(credential.transports ?? []),
            name: name.trim(),
            backedUp: credentialBackedUp,
            lastUsedAt: null,
          }),
        );
        await this.record(manager, user, 'account.passkey_added', { passkeyId: row.id, name: row.name });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AUTH_ERRORS.error('PASSKEY_ALREADY_REGISTERED');
      throw error;
    }
    this.emails.notifySecurityEvent(user, 'A passkey was added to your account', [`The passkey "${saved.name}" now signs in to your KYC platform account.`]);
    return (await this.list(user)).find((p) => p.id === saved.id)!;
  }

  /**
   * Options for navigator.credentials.get(). For the second step the account's passkeys
   * are listed; for passwordless sign-in none are (the authenticator offers its
   * discoverable ones) and user verification is required, as the passkey is both factors.
   */
  async authenticationOptions(caller: Caller, purpose: 'second-factor' | 'sign-in', userId: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
    if (purpose === 'sign-in') {
      const verdict = await this.limiter.hit(`passkey-options|${addressKey(caller.ip)}`, { limit: PASSWORDLESS_OPTIONS_PER_MINUTE, windowMs: 60_000 });
      if (!verdict.allowed) {
        throw AUTH_ERRORS.error('LOGIN_THROTTLED', AUTH_MESSAGES.tooManyAttempts(1)).retryAfter(verdict.retryAfterSeconds);
      }
    }
    const allowCredentials =
      purpose === 'second-factor' && userId
        ? (await this.passkeys.find({ where: { userId }, select: { credentialId: true, transports: true } })).map((p) => ({
            id: p.credentialId,
            transports: JSON.parse(p.transports) as string[],
          }))
        : [];
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      allowCredentials,
      timeout: CHALLENGE_TTL_MS,
      userVerification: purpose === 'sign-in' ? 'required' : 'preferred',
    });
    await this.issueChallenge(options.challenge, purpose, purpose === 'second-factor' ? userId : null);
    return options;
  }

  /**
   * Checks an assertion and answers the account it proves. For the second step it must be
   * one of the pending account's passkeys, and the attempt is counted per account before
   * it is checked (SecondFactorAttempts: a locked second factor refuses passkeys too);
   * passwordless sign-in is throttled per address and account like the password. The
   * challenge is spent whatever the outcome, the counter required to grow (a clone reuses
   * an old one) and moved forward conditionally so one assertion cannot be used twice.
   */
  async authenticate(
    caller: Caller,
    purpose: 'second-factor' | 'sign-in',
    pending: PendingSecondFactor | null,
    response: AuthenticationResponseJSON,
  ): Promise<User> {
    const passkey = await this.passkeys.findOneBy({ credentialId: response.id });
    const user = passkey ? await this.users.findOneBy({ id: passkey.userId }) : null;
    const expectedUser = purpose === 'second-factor' ? (pending?.userId ?? null) : null;
    const refuse = async (code: 'PASSKEY_NOT_ACCEPTED' | 'SECOND_FACTOR_LOCKED') => {
      // The challenge is spent all the same: a refused answer cannot be retried with it.
      await this.spendChallenge(this.challengeOf(response), purpose, expectedUser);
      return AUTH_ERRORS.error(code);
    };
    let attempt: SecondFactorAttempt | undefined;
    let pendingUser: User | null = null;
    const subject = user ? throttleSubject(user.id) : `passkey:${response.id.slice(0, 64)}`;
    if (purpose === 'second-factor') {
      pendingUser = expectedUser ? await this.users.findOneBy({ id: expectedUser }) : null;
      if (!pendingUser) throw await refuse('PASSKEY_NOT_ACCEPTED');
      attempt = await this.guard.countAttempt(pendingUser.id, pending!.failuresBaseline);
      if (attempt.locked) throw await refuse('SECOND_FACTOR_LOCKED');
    } else {
      await this.throttle.registerAttempt(caller.ip, subject);
      if (user?.secondFactorLockedAt) throw await refuse('SECOND_FACTOR_LOCKED');
    }
    const failed = async (error: unknown) => {
      if (attempt) await this.guard.failed(pendingUser!, attempt);
      return error;
    };
    if (!passkey || !user || (expectedUser && user.id !== expectedUser) || user.isDemo) throw await failed(await refuse('PASSKEY_NOT_ACCEPTED'));
    const userHandle = response.response.userHandle;
    let verification;
    try {
      if (userHandle && isoUint8Array.toUTF8String(isoBase64URL.toBuffer(userHandle)) !== user.id) throw new Error('user handle mismatch');
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.spendChallenge(challenge, purpose, expectedUser),
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: JSON.parse(passkey.transports) as string[],
        },
        requireUserVerification: purpose === 'sign-in',
      });
    } catch (error) {
      const reason = error instanceof Error && /counter/i.test(error.message) ? 'counter' : 'verification';
      await this.dataSource.transaction((manager) => this.record(manager, user, 'account.passkey_failed', { passkeyId: passkey.id, purpose, reason }));
      throw await failed(this.challengeOr(error, 'PASSKEY_NOT_ACCEPTED'));
    }
    if (!verification.verified) throw await failed(AUTH_ERRORS.error('PASSKEY_NOT_ACCEPTED'));
    const used = await this.passkeys
      .createQueryBuilder()
      .update()
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date(), backedUp: verification.authenticationInfo.credentialBackedUp })
      .where('"id" = :id AND "counter" = :counter', { id: passkey.id, counter: passkey.counter })
      .execute();
    if (!used.affected) throw await failed(AUTH_ERRORS.error('PASSKEY_NOT_ACCEPTED'));
    if (attempt) await this.guard.succeeded(user.id);
    else await this.throttle.reset(caller.ip, subject);
    await this.dataSource.transaction((manager) => this.record(manager, user, 'account.passkey_used', { passkeyId: passkey.id, purpose }));
    return user;
  }

  /** Removes one of the account's passkeys; needs the password or a code of the app (throttled like sign-in). */
  async remove(caller: Caller, user: User, passkeyId: string, proof: SecondFactorProof): Promise<void> {
    const passkey = await this.passkeys.findOneBy({ id: passkeyId, userId: user.id });
    if (!passkey) throw AUTH_ERRORS.error('PASSKEY_NOT_FOUND');
    await this.twoFactor.verifyProof(caller, user, proof);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(UserPasskey, { id: passkey.id });
      await this.record(manager, user, 'account.passkey_removed', { passkeyId: passkey.id, name: passkey.name, proof: proof.code ? 'code' : 'password' });
    });
    this.emails.notifySecurityEvent(user, 'A passkey was removed from your account', [
      `The passkey "${passkey.name}" no longer signs in to your KYC platform account.`,
    ]);
  }

  private async issueChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
    const now = new Date();
    await this.challenges.delete({ expiresAt: LessThan(now) });
    await this.challenges.insert({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  }

  /** Spends a challenge: true once, for the purpose and account it was issued for, before it expires. */
  private async spendChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean> {
    if (!challenge) return false;
    const result = await this.challenges.delete({ challenge, purpose, expiresAt: MoreThan(new Date()), ...(userId ? { userId } : {}) });
    return Boolean(result.affected);
  }

  /** The challenge the browser signed, read from clientDataJSON ('' when unreadable). */
  private challengeOf(response: AuthenticationResponseJSON): string {
    try {
      const clientData = JSON.parse(isoUint8Array.toUTF8String(isoBase64URL.toBuffer(response.response.clientDataJSON))) as { challenge?: unknown };
      return typeof clientData.challenge === 'string' ? clientData.challenge : '';
    } catch {
      return '';
    }
  }

  /** A failed check because of the challenge says so (the client then asks for new options); any other is `fallback`. */
  private challengeOr(error: unknown, fallback: 'PASSKEY_REGISTRATION_FAILED' | 'PASSKEY_NOT_ACCEPTED') {
    const message = error instanceof Error ? error.message : '';
    return AUTH_ERRORS.error(/challenge/i.test(message) ? 'PASSKEY_CHALLENGE_INVALID' : fallback);
  }

  private record(manager: EntityManager, user: User, action: PasskeyAuditAction, detail: Record<string, unknown>) {
    return this.audit.record(manager, { actor: user, organizationId: null, action, detail });
  }
}
