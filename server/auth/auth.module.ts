import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { User } from '../users/user.entity.js';
import { UsersModule } from '../users/users.module.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AuthEmailsController } from './auth-emails.controller.js';
import { AuthEmailsService } from './auth-emails.service.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { AuthToken } from './auth-token.entity.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasswordPolicyController } from './password-policy.controller.js';
import { PasswordPolicy } from './password-policy.js';
import { PasswordService } from './password.service.js';
import { AuditModule } from '../audit/audit.module.js';
import { SessionsController } from './sessions.controller.js';
import { TwoFactorController } from './two-factor/two-factor.controller.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';
import { SecondFactorAttempts } from './two-factor/second-factor-attempts.js';
import { UserTwoFactor } from './two-factor/user-two-factor.entity.js';
import { OidcController } from './oidc/oidc.controller.js';
import { OidcLink } from './oidc/oidc-link.entity.js';
import { OidcService } from './oidc/oidc.service.js';
import { TwoFactorEnrolmentGuard } from './two-factor/two-factor-enrolment.guard.js';
import { TwoFactorPolicyController } from './two-factor/two-factor-policy.controller.js';
import { TwoFactorPolicy } from './two-factor/two-factor-policy.entity.js';
import { TwoFactorRequirement } from './two-factor/two-factor-requirement.js';
import { PasskeySignInController } from './passkeys/passkey-sign-in.controller.js';
import { PasskeysController } from './passkeys/passkeys.controller.js';
import { PasskeysService } from './passkeys/passkeys.service.js';
import { UserPasskey } from './passkeys/user-passkey.entity.js';
import { WebauthnChallenge } from './passkeys/webauthn-challenge.entity.js';

/**
 * Accounts: registration, sign-in (passport-local), credentials, deletion and the
 * e-mailed links, single sign-on with OpenID Connect. Exports AuthEmailsService (sendSetPasswordLink for invited admins)
 * and PasswordService.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([User, AuthToken, UserTwoFactor, OidcLink, UserPasskey, WebauthnChallenge, TwoFactorPolicy]),
    AuditModule,
    PassportModule,
    MailModule,
    UsersModule,
    OrganizationsModule,
  ],
  controllers: [
    AuthController,
    AuthEmailsController,
    PasswordPolicyController,
    TwoFactorController,
    TwoFactorPolicyController,
    PasskeysController,
    PasskeySignInController,
    SessionsController,
    OidcController,
  ],
  providers: [
    AccountDeletionService,
    AuthService,
    AuthEmailsService,
    AuthTokensService,
    LoginThrottleService,
    PasswordPolicy,
    PasswordService,
    LocalStrategy,
    TwoFactorService,
    SecondFactorAttempts,
    TwoFactorRequirement,
    PasskeysService,
    OidcService,
    { provide: APP_GUARD, useClass: TwoFactorEnrolmentGuard },
  ],
  exports: [AccountDeletionService, AuthEmailsService, PasswordService],
})
export class AuthModule {}
