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
  EMAIL_TAKEN: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.emailTaken },
  EMAIL_UNCHANGED: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.sameEmail },
  PASSWORD_CONFIRMATION_MISMATCH: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.passwordConfirmationMismatch },
  WRONG_PASSWORD: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.wrongPassword },
  ACCOUNT_OWNS_ORGANIZATION: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.ownsOrganization },
  LAST_SUPER_ADMIN: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.lastSuperAdmin },
  LINK_INVALID: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.invalidLink },
  EMAIL_ALREADY_CONFIRMED: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.alreadyConfirmed },
  CONFIRMATION_TOO_SOON: { status: HttpStatus.TOO_MANY_REQUESTS, message: AUTH_MESSAGES.confirmationTooSoon },
});
