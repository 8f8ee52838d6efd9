import { Inject, Injectable } from '@nestjs/common';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { AUTH_MESSAGES } from '../users/account.messages.js';
import { identityKey } from '../users/identity-key.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { PASSWORD_MAX } from './dto/auth.dto.js';
import type { PasswordPolicyDto } from './dto/password-policy.dto.js';

/** The account a new password is for: it must not be its username or e-mail address. */
export interface PasswordOwner {
  username: string;
  email: string;
}

/**
 * What a new password must be (registration, change, reset): at least PASSWORD_MIN_LENGTH
 * characters (the DTOs keep the spec's 4 to 32), not one of the ~49,000 most common
 * passwords of @zxcvbn-ts/language-common (bundled, read once on first use), and not
 * the account's own username or e-mail address. Existing passwords still sign in.
 */
@Injectable()
export class PasswordPolicy {
  private common: Promise<Set<string>> | undefined;

  constructor(@Inject(appConfig.KEY) private readonly env: AppConfig) {}

  describe(): PasswordPolicyDto {
    return { minLength: this.env.passwordMinLength, maxLength: PASSWORD_MAX, rejectsCommonPasswords: true };
  }

  async assertAcceptable(password: string, owner: PasswordOwner): Promise<void> {
    const min = this.env.passwordMinLength;
    if (password.length < min) throw AUTH_ERRORS.error('PASSWORD_TOO_SHORT', AUTH_MESSAGES.passwordTooShort(min));
    const key = identityKey(password);
    if (key === identityKey(owner.username) || key === identityKey(owner.email)) throw AUTH_ERRORS.error('PASSWORD_IS_IDENTITY');
    if ((await this.commonPasswords()).has(password.toLowerCase())) throw AUTH_ERRORS.error('PASSWORD_TOO_COMMON');
  }

  private commonPasswords(): Promise<Set<string>> {
    this.common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
    return this.common;
  }
}
