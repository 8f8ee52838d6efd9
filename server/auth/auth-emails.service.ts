import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { MailService } from '../mail/mail.service.js';
import { securityNotice } from '../mail/security-notice.js';
import { BackgroundWork } from '../common/background-work.js';
import { User } from '../users/user.entity.js';
import { identityKey } from '../users/identity-key.js';
import { DatabaseSessionStore } from '../sessions/session.store.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { isUuid } from '../organizations/organization-access.service.js';
import { PasswordPolicy } from './password-policy.js';
import { PasswordService } from './password.service.js';

/** At most this many reset or confirmation e-mails per account and window, so nobody can mail-bomb an address. */
const MAILS_PER_WINDOW = 3;
const MAIL_WINDOW_MS = 15 * 60 * 1000;

/**
 * The e-mailed links: password reset, e-mail confirmation and the invited admin's
 * "set your password". Links point at the client pages with `?user=<id>&token=<token>`.
 */
@Injectable()
export class AuthEmailsService implements OnModuleDestroy {
  private readonly background = new BackgroundWork(new Logger('AuthEmails'), 'Sending an account e-mail failed');

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly tokens: AuthTokensService,
    private readonly mail: MailService,
    private readonly passwords: PasswordService,
    private readonly policy: PasswordPolicy,
    private readonly sessions: DatabaseSessionStore,
  ) {}

  // ---- Password reset ------------------------------------------------------------------

  /**
   * Answers the same, in about the same time, whether or not the address belongs to an
   * account: the token and e-mail are made after the answer, off the request's path.
   */
  startPasswordReset(email: string): void {
    this.background.run(async () => {
      const user = await this.users.findOneBy({ emailKey: identityKey(email.trim()) });
      if (!user || user.isDemo) return;
      if ((await this.tokens.countIssuedSince(user.id, 'reset-password', MAIL_WINDOW_MS)) >= MAILS_PER_WINDOW) return;
      const token = await this.tokens.issue(user.id, 'reset-password');
      await this.mail.send({
        to: user.email,
        subject: 'Reset your KYC platform password',
        text: [
          `Hello ${user.username},`,
          '',
          'Someone (hopefully you) asked to reset the password of your KYC platform account.',
          'Open this link within 1 hour to choose a new password:',
          '',
          this.passwordLink(user.id, token),
          '',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
      });
    });
  }

  /** Sets a new password from a reset or set-password link; every session of the account ends. */
  async resetPassword(userId: string, token: string, password: string): Promise<void> {
    // Checked before the link is spent, so a refused password does not cost the link.
    const owner = isUuid(userId) ? await this.users.findOne({ select: { username: true, email: true }, where: { id: userId.toLowerCase() } }) : null;
    if (owner) await this.policy.assertAcceptable(password, owner);
    const spent = await this.tokens.consume(userId, token, ['reset-password', 'set-password']);
    if (!spent) throw AUTH_ERRORS.error('LINK_INVALID');
    // Following the link proves the address works, so the account counts as confirmed too.
    await this.users.update({ id: userId }, { passwordHash: await this.passwords.hash(password), isConfirmed: true, sessionsValidAfter: new Date() });
    await this.sessions.destroyAllForUser(userId);
    await this.tokens.revokeOutstanding(userId, ['reset-password', 'set-password']);
    if (owner)
      this.notifySecurityEvent(owner, 'Your password was set', [
        'The password of your KYC platform account was set from an e-mailed link; every session signed in before has ended.',
      ]);
  }

  /**
   * A set-password link handed to the operator directly (first start, `npm run
   * create-admin`) instead of by e-mail; earlier unused links of the account stop working.
   */
  async setupLink(userId: string): Promise<string> {
    await this.tokens.revokeOutstanding(userId, ['set-password']);
    return this.passwordLink(userId, await this.tokens.issue(userId, 'set-password'));
  }

  /** An admin created without a password (by a super-admin) sets one through this link, valid 72 hours. */
  async sendSetPasswordLink(user: Pick<User, 'id' | 'username' | 'email'>): Promise<void> {
    const token = await this.tokens.issue(user.id, 'set-password');
    await this.mail.send({
      to: user.email,
      subject: 'Set your KYC platform password',
      text: [
        `Hello ${user.username},`,
        '',
        'An administrator created a KYC platform account for you.',
        'Open this link within 72 hours to choose your password:',
        '',
        this.passwordLink(user.id, token),
        '',
        `Then sign in with your username (${user.username}) or this e-mail address.`,
      ].join('\n'),
    });
  }

  // ---- E-mail confirmation -------------------------------------------------------------

  /** The signed-in user asks for a (new) confirmation e-mail. */
  async startConfirmation(user: User): Promise<void> {
    if (user.isConfirmed) throw AUTH_ERRORS.error('EMAIL_ALREADY_CONFIRMED');
    if ((await this.tokens.countIssuedSince(user.id, 'confirm-email', MAIL_WINDOW_MS)) >= MAILS_PER_WINDOW) {
      throw AUTH_ERRORS.error('CONFIRMATION_TOO_SOON');
    }
    await this.sendConfirmation(user);
  }

  /** After registration: the account exists whether or not the mail goes out, so it never delays the answer. */
  sendConfirmationInBackground(user: User): void {
    this.background.run(() => this.sendConfirmation(user));
  }

  async sendConfirmation(user: Pick<User, 'id' | 'username' | 'email'>): Promise<void> {
    const token = await this.tokens.issue(user.id, 'confirm-email');
    await this.mail.send({
      to: user.email,
      subject: 'Confirm your e-mail address',
      text: [
        `Hello ${user.username},`,
        '',
        'Open this link within 24 hours to confirm the e-mail address of your KYC platform account:',
        '',
        `${this.env.publicUrl}/confirm-email?user=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`,
        '',
        'If you did not create an account, ignore this e-mail.',
      ].join('\n'),
    });
  }

  async confirmEmail(userId: string, token: string): Promise<void> {
    const spent = await this.tokens.consume(userId, token, ['confirm-email']);
    if (!spent) throw AUTH_ERRORS.error('LINK_INVALID');
    await this.users.update({ id: userId }, { isConfirmed: true });
  }

  /** Tells the account holder that something changed in how the account is protected, off the request's path. */
  notifySecurityEvent(user: Pick<User, 'username' | 'email'>, subject: string, lines: string[]): void {
    this.mail.sendInBackground(securityNotice(user, subject, lines));
  }

  /** The address users reach, for links built elsewhere (the second factor's unlock link). */
  get publicUrl(): string {
    return this.env.publicUrl;
  }

  /** Tells the previous address that the account's e-mail changed (no link: nothing to steal). */
  notifyEmailChanged(user: Pick<User, 'username'>, previousEmail: string, newEmail: string): void {
    this.background.run(async () => {
      await this.mail.send({
        to: previousEmail,
        subject: 'Your e-mail address was changed',
        text: [
          `Hello ${user.username},`,
          '',
          `The e-mail address of your KYC platform account was changed to ${newEmail}.`,
          'If you did not do this, reset your password and contact your administrator.',
        ].join('\n'),
      });
    });
  }

  // ---- Plumbing ------------------------------------------------------------------------

  private passwordLink(userId: string, token: string): string {
    return `${this.env.publicUrl}/password-reset?user=${encodeURIComponent(userId)}&token=${encodeURIComponent(token)}`;
  }

  /** Lets tests and shutdown wait for e-mails already on their way. */
  settled(): Promise<void> {
    return this.background.settled();
  }

  async onModuleDestroy(): Promise<void> {
    await this.settled();
  }
}
