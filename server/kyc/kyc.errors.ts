import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of the verification page and its providers, with its stable code. */
export const KYC_ERRORS = errorCatalogue('kyc', {
  WEBHOOK_NOT_CONFIGURED: {
    status: HttpStatus.CONFLICT,
    message:
      'Please configure your webhook in the dashboard (Settings → Webhooks) before sending applicants to verification',
    description: "GET /kyc/get-new-token: the organization's owner has no webhook URL yet; the body also has `status: 'error'` and `token: null`.",
  },
  // The spec names this widget code in lower case: the verification page renews its token on it.
  'invalid-token': {
    status: HttpStatus.UNAUTHORIZED,
    message: 'The verification session has expired',
    description: 'The widget token is missing, forged, expired or not for this applicant; ask GET /kyc/get-new-token for a new one.',
  },
  COMPANY_KEY_INVALID: {
    status: HttpStatus.UNAUTHORIZED,
    message: 'This verification link is not valid',
    description: 'No organization has this companyKey.',
  },
  IMAGE_TOO_LARGE: { status: HttpStatus.BAD_REQUEST, message: 'The photo is too large. Max file size is: 5MB' },
  IMAGE_NOT_AN_IMAGE: { status: HttpStatus.BAD_REQUEST, message: 'The file is not a JPEG, PNG or WebP image' },
  IMAGE_TOO_MANY_PIXELS: { status: HttpStatus.BAD_REQUEST, message: 'The photo has too many pixels (at most 50 megapixels)' },
  SUMSUB_NOT_CONFIGURED: { status: HttpStatus.NOT_FOUND, message: 'The Sumsub provider is not configured' },
  SUMSUB_DIGEST_INVALID: { status: HttpStatus.UNAUTHORIZED, message: 'Invalid payload digest' },
  PROVIDER_UNREACHABLE: { status: HttpStatus.BAD_GATEWAY, message: 'The identity provider is not reachable right now. Please try again.' },
  PROVIDER_REFUSED: { status: HttpStatus.BAD_GATEWAY, message: 'The identity provider refused to start a verification. Please try again later.' },
});

export const TOKEN_ISSUED_MESSAGE = 'Verification token issued';

/** The widget's `invalid-token` error: a missing, forged, expired or mismatched token. */
export const invalidToken = () => KYC_ERRORS.error('invalid-token');

export const webhookNotConfigured = () => KYC_ERRORS.error('WEBHOOK_NOT_CONFIGURED', undefined, { status: 'error', token: null });

/** A wrong companyKey gets the same answer as any other bad credential: nothing is revealed. */
export const unknownCompanyKey = () => KYC_ERRORS.error('COMPANY_KEY_INVALID');

export const sumsubNotConfigured = () => KYC_ERRORS.error('SUMSUB_NOT_CONFIGURED');
