import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, type Repository } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { issueApiKey } from '../api-keys/api-key.js';
import type { UserDto } from '../users/dto/user.dto.js';
import { toUserDto } from '../users/user.mapper.js';
import { User } from '../users/user.entity.js';
import { identityKey } from '../users/identity-key.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { USER_ERRORS } from '../users/users.errors.js';
import { UsersService } from '../users/users.service.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { AuthEmailsService } from './auth-emails.service.js';
import { AuthTokensService } from './auth-tokens.service.js';
import type { ChangeEmailDto, ChangePasswordDto, RegisterDto } from './dto/auth.dto.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasswordPolicy } from './password-policy.js';
import { PasswordService } from './password.service.js';
import { DatabaseSessionStore } from '../sessions/session.store.js';

/** Who is asking, for throttling password checks per IP + username. */
export interface Caller {
  ip: string | undefined;
}

/** Password checks of one account share one throttling budget, however the account was named. */
const throttleSubject = (user: Pick<User, 'id'>) => `user:${user.id}`;

/** Account rules: registration, credentials, e-mail and password changes, deletion. */
@Injectable()
export class AuthService {
  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly policy: PasswordPolicy,
    private readonly throttle: LoginThrottleService,
    private readonly tokens: AuthTokensService,
    private readonly emails: AuthEmailsService,
    private readonly profiles: UsersService,
    private readonly sessions: DatabaseSessionStore,
    private readonly deletion: AccountDeletionService,
  ) {}

  /** Creates a `kyc` account and sends it a confirmation link; the caller then starts its session. */
  async register(dto: RegisterDto): Promise<User> {
    await this.policy.assertAcceptable(dto.password, dto);
    await this.assertAvailable(dto.username, dto.email);
    const key = issueApiKey(this.env.appSecret);
    let user: User;
    try {
      user = await this.users.save(
        this.users.create({
          username: dto.username,
          email: dto.email,
          passwordHash: await this.passwords.hash(dto.password),
          role: 'kyc',
          isConfirmed: false,
          apiKeyHash: key.apiKeyHash,
          apiKeyEncrypted: key.apiKeyEncrypted,
        }),
      );
    } catch (error) {
      // Two registrations raced past the check: report whichever now exists.
      if (isUniqueViolation(error)) await this.assertAvailable(dto.username, dto.email);
      throw error;
    }
    this.emails.sendConfirmationInBackground(user);
    return user;
  }

  /**
   * The login check behind passport-local: username OR e-mail plus password. An unknown
   * account and a wrong password answer alike, after the same Argon2 work.
   */
  async validateCredentials(caller: Caller, login: string, password: string): Promise<User> {
    const user = await this.findByLogin(login);
    const subject = user ? throttleSubject(user) : `login:${login}`;
    await this.throttle.registerAttempt(caller.ip, subject);
    if (!(await this.passwords.verify(user?.passwordHash, password)) || !user) {
      throw AUTH_ERRORS.error('INVALID_CREDENTIALS');
    }
    await this.throttle.reset(caller.ip, subject);
    if (user.passwordHash && this.passwords.needsRehash(user.passwordHash)) {
      user.passwordHash = await this.passwords.hash(password);
      await this.users.update({ id: user.id }, { passwordHash: user.passwordHash });
    }
    return user;
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  async changeEmail(caller: Caller, user: User, dto: ChangeEmailDto): Promise<UserDto> {
    await this.assertPassword(caller, user, dto.password);
    if (dto.email === user.email) throw AUTH_ERRORS.error('EMAIL_UNCHANGED');
    const emailKey = identityKey(dto.email);
    if (await this.users.existsBy({ emailKey, id: Not(user.id) })) throw AUTH_ERRORS.error('EMAIL_TAKEN');
    try {
      await this.users.update({ id: user.id }, { email: dto.email, emailKey, isConfirmed: false });
    } catch (error) {
      if (isUniqueViolation(error)) throw AUTH_ERRORS.error('EMAIL_TAKEN');
      throw error;
    }
    // Links sent to the old address must not confirm (or reset) the new one.
    await this.tokens.revokeOutstanding(user.id, ['confirm-email', 'reset-password']);
    const updated = await this.users.findOneByOrFail({ id: user.id });
    this.emails.notifyEmailChanged(updated, user.email, updated.email);
    this.emails.sendConfirmationInBackground(updated);
    return toUserDto(updated);
  }

  /** Sets a new password and voids every session of the account, this one included. */
  async changePassword(caller: Caller, user: User, dto: ChangePasswordDto): Promise<void> {
    if (dto.newPassword !== dto.newPasswordConfirm) {
      throw AUTH_ERRORS.error('PASSWORD_CONFIRMATION_MISMATCH');
    }
    await this.policy.assertAcceptable(dto.newPassword, user);
    await this.assertPassword(caller, user, dto.oldPassword);
    await this.users.update({ id: user.id }, { passwordHash: await this.passwords.hash(dto.newPassword), sessionsValidAfter: new Date() });
    await this.sessions.destroyAllForUser(user.id);
    await this.tokens.revokeOutstanding(user.id, ['reset-password', 'set-password']);
    this.emails.notifySecurityEvent(user, 'Your password was changed', [
      'The password of your KYC platform account was changed; every session signed in with the old one has ended.',
    ]);
  }

  /**
   * Deletes the account (its picture, tokens and memberships cascade) and ends its
   * sessions. Whether it owns an organization and whether it is the last super-admin are
   * decided inside the deleting transaction (AccountDeletionService), never before it.
   */
  async deleteAccount(caller: Caller, user: User, password: string): Promise<void> {
    await this.assertPassword(caller, user, password);
    await this.deletion.delete([user.id], { refuseOwners: true });
  }

  /** Demo accounts live until logout (spec §6); a real account just ends its session. */
  async onLogout(user: User | undefined): Promise<void> {
    if (user?.isDemo) await this.remove(user.id);
  }

  private remove(userId: string): Promise<void> {
    return this.deletion.delete([userId]);
  }

  /** Re-checks the signed-in user's password, throttled together with the account's sign-ins. */
  private async assertPassword(caller: Caller, user: User, password: string): Promise<void> {
    await this.throttle.registerAttempt(caller.ip, throttleSubject(user));
    if (!(await this.passwords.verify(user.passwordHash, password))) {
      throw AUTH_ERRORS.error('WRONG_PASSWORD');
    }
    await this.throttle.reset(caller.ip, throttleSubject(user));
  }

  /** Compared by identity key: `ALICE` takes `alice`, `ﬁnance@…` takes `finance@…`. */
  private async assertAvailable(username: string, email: string): Promise<void> {
    if (await this.profiles.usernameTaken(username)) throw USER_ERRORS.error('USERNAME_TAKEN');
    if (await this.users.existsBy({ emailKey: identityKey(email) })) throw AUTH_ERRORS.error('EMAIL_TAKEN');
  }

  /**
   * An e-mail address (it has an '@', which no username may have), else a username;
   * either in any letter case or Unicode form (by identity key, which is unique).
   */
  private async findByLogin(login: string): Promise<User | null> {
    const key = identityKey(login.trim());
    return this.users.findOneBy(key.includes('@') ? { emailKey: key } : { usernameKey: key });
  }
}
