import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';
import { AUTH_MESSAGES } from '../users/account.messages.js';

/** Every error of sign-in, registration, credentials, e-mailed links and account deletion, with its stable code. */
export const AUTH_ERRORS = errorCatalogue('auth', {
  INVALID_CREDENTIALS: { status: HttpStatus.UNAUTHORIZED, message: AUTH_MESSAGES.invalidCredentials },
  LOGIN_THROTTLED: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    message: AUTH_MESSAGES.tooManyAttempts(15),
    description: 'Too many failed sign-ins for this account or address; `message` says how long to wait.',
  },
  TWO_FACTOR_REQUIRED: {
    status: HttpStatus.UNAUTHORIZED,
    message: AUTH_MESSAGES.twoFactorRequired,
    description:
      'The password was right; `methods` lists the second factors of the account (totp, passkey): send the authenticator code (or a recovery code) to POST /auth/login/two-factor, or a passkey assertion to POST /auth/login/two-factor/passkey.',
  },
  TWO_FACTOR_NOT_PENDING: { status: HttpStatus.UNAUTHORIZED, message: AUTH_MESSAGES.twoFactorNotPending },
  INVALID_TWO_FACTOR_CODE: { status: HttpStatus.UNAUTHORIZED, message: AUTH_MESSAGES.invalidTwoFactorCode },
  SECOND_FACTOR_LOCKED: {
    status: HttpStatus.FORBIDDEN,
    message: AUTH_MESSAGES.secondFactorLocked,
    description:
      'Ten wrong second factors in a row locked the authenticator app and passkeys of the account: only a recovery code (POST /auth/login/two-factor) or the unlock link e-mailed to the account holder opens it again.',
  },
  TOTP_ALREADY_ENABLED: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.totpAlreadyEnabled },
  TOTP_NOT_STARTED: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.totpNotStarted },
  TOTP_NOT_ENABLED: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.totpNotEnabled },
  OIDC_UNKNOWN_PROVIDER: {
    status: HttpStatus.NOT_FOUND,
    message: AUTH_MESSAGES.ssoUnknownProvider,
    description: 'Single sign-on (a browser navigation): answered as a redirect to `/login?sso_error=<code>`, as are the other OIDC_ codes.',
  },
  OIDC_STATE_MISMATCH: {
    status: HttpStatus.BAD_REQUEST,
    message: AUTH_MESSAGES.ssoStateMismatch,
    description: "The callback's `state` is not the one this browser's sign-in started with, or the sign-in expired.",
  },
  OIDC_PROVIDER_ERROR: {
    status: HttpStatus.BAD_GATEWAY,
    message: AUTH_MESSAGES.ssoProviderError,
    description: 'The provider answered an error, could not be reached, or its answer failed a check (ID token, nonce, PKCE).',
  },
  OIDC_EMAIL_NOT_VERIFIED: { status: HttpStatus.FORBIDDEN, message: AUTH_MESSAGES.ssoEmailNotVerified },
  OIDC_DOMAIN_NOT_ALLOWED: { status: HttpStatus.FORBIDDEN, message: AUTH_MESSAGES.ssoDomainNotAllowed },
  OIDC_ACCOUNT_LINKED: {
    status: HttpStatus.CONFLICT,
    message: AUTH_MESSAGES.ssoAccountLinked,
    description: 'The account with this e-mail address is already linked to another identity at this provider; a second one is never linked.',
  },
  OIDC_LINK_NOT_PENDING: {
    status: HttpStatus.UNAUTHORIZED,
    message: AUTH_MESSAGES.ssoLinkNotPending,
    description: "No single sign-on waits in this browser for the account's password (or it took more than 10 minutes).",
  },
  OIDC_THROTTLED: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    message: AUTH_MESSAGES.ssoThrottled,
    description: 'More than 60 single sign-on starts and answers from one address within a minute; not audited.',
  },
  PASSKEY_NOT_ACCEPTED: { status: HttpStatus.UNAUTHORIZED, message: AUTH_MESSAGES.passkeyNotAccepted },
  PASSKEY_CHALLENGE_INVALID: {
    status: HttpStatus.BAD_REQUEST,
    message: AUTH_MESSAGES.passkeyChallengeInvalid,
    description: 'The WebAuthn challenge is unknown, expired (5 minutes) or already used; ask for new options.',
  },
  PASSKEY_REGISTRATION_FAILED: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.passkeyRegistrationFailed },
  PASSKEY_ALREADY_REGISTERED: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.passkeyAlreadyRegistered },
  PASSKEY_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: AUTH_MESSAGES.passkeyNotFound },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    message: AUTH_MESSAGES.twoFactorEnrolmentRequired,
    description:
      "Two-factor sign-in is required for this account (platform or organization rule) and it has none: only the Security page's enrolment routes answer until one is set up.",
  },
  STAFF_SESSION_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: AUTH_MESSAGES.sessionNotFound },
  EMAIL_TAKEN: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.emailTaken },
  EMAIL_UNCHANGED: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.sameEmail },
  PASSWORD_CONFIRMATION_MISMATCH: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.passwordConfirmationMismatch },
  PASSWORD_TOO_SHORT: {
    status: HttpStatus.BAD_REQUEST,
    message: AUTH_MESSAGES.passwordTooShort(8),
    description: "Shorter than the operator's PASSWORD_MIN_LENGTH (GET /api/auth/password-policy); `message` names the minimum.",
  },
  PASSWORD_TOO_COMMON: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.passwordTooCommon },
  PASSWORD_IS_IDENTITY: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.passwordIsIdentity },
  WRONG_PASSWORD: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.wrongPassword },
  ACCOUNT_OWNS_ORGANIZATION: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.ownsOrganization },
  LAST_SUPER_ADMIN: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.lastSuperAdmin },
  LINK_INVALID: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.invalidLink },
  EMAIL_ALREADY_CONFIRMED: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.alreadyConfirmed },
  CONFIRMATION_TOO_SOON: { status: HttpStatus.TOO_MANY_REQUESTS, message: AUTH_MESSAGES.confirmationTooSoon },
});
