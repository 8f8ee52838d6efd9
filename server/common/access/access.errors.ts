import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../errors/app-error.js';

export const NO_PERMISSION_MESSAGE = "You currently don't have permission to do this";

/** Every refusal of the access guard and the CSRF defence, with its stable code. */
export const ACCESS_ERRORS = errorCatalogue('access', {
  SIGN_IN_REQUIRED: { status: HttpStatus.UNAUTHORIZED, message: 'You need to sign in to do this', description: 'No valid session cookie or API key.' },
  PERMISSION_DENIED: {
    status: HttpStatus.FORBIDDEN,
    message: NO_PERMISSION_MESSAGE,
    description: "The caller's role, or the stored permission matrix, does not allow this route.",
  },
  API_KEY_NOT_ALLOWED: {
    status: HttpStatus.FORBIDDEN,
    message: 'This route does not accept an API key; sign in to the dashboard to do this',
    description: 'An API key on a route outside the integrator surface (docs/api.md lists the routes that accept one).',
  },
  API_KEY_CANNOT_SIGN_IN: {
    status: HttpStatus.BAD_REQUEST,
    message: 'A request carrying an API key has no session: send it without the Authorization header to sign in',
    description: 'A sign-in step (password, second factor, passkey, single sign-on) sent with `Authorization: Bearer kyc_sk_…`.',
  },
  REAUTHENTICATION_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    message: 'Confirm it is you: enter your password or a code from your authenticator app again',
    description:
      'A destructive or credential-changing route (deleting an organization, erasing an applicant, regenerating the API key, removing a member, adding a second factor) needs a sign-in or POST /api/auth/reauthenticate within the last 5 minutes; then send the same request again. API keys are not asked.',
  },
  ROLE_UNKNOWN: { status: HttpStatus.FORBIDDEN, message: 'Unknown role' },
  DEMO_NOT_ALLOWED: { status: HttpStatus.FORBIDDEN, message: 'This feature is not available for demo accounts' },
  CSRF_ORIGIN_REFUSED: { status: HttpStatus.FORBIDDEN, message: 'Cross-site request refused' },
  CSRF_HEADER_MISSING: {
    status: HttpStatus.FORBIDDEN,
    message: 'Missing the X-Requested-With header required for this request',
    description: 'A cookie-authenticated write without the `X-Requested-With` header.',
  },
});
