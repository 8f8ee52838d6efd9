import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of the verification page and its providers, with its stable code. */
export const KYC_ERRORS = errorCatalogue('kyc', {
  WEBHOOK_NOT_CONFIGURED: {
    status: HttpStatus.CONFLICT,
    message: 'Please configure your webhook in the dashboard (Settings → Webhooks) before sending applicants to verification',
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
  IMAGE_DAMAGED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    message: 'The photo is damaged or incomplete. Take it again.',
    description: 'The file starts like a JPEG, PNG or WebP image but cannot be decoded to the end (truncated or corrupted on its way).',
  },
  IMAGE_TOO_MANY_PIXELS: { status: HttpStatus.BAD_REQUEST, message: 'The photo has too many pixels (at most 50 megapixels)' },
  POSE_NOT_FOR_DOCUMENT: {
    status: HttpStatus.BAD_REQUEST,
    message: 'pose is only for a selfie',
    description: 'POST /kyc/documents: `pose` (facing or turned) was sent with a document photo; documents have a `side` instead.',
  },
  PHOTO_QUALITY: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    message: 'The photo is not good enough to read',
    description: "The message says what to fix (blur, glare, darkness, size), measured against the organization's thresholds; the photo is not kept.",
  },
  SESSION_LINK_INVALID: {
    status: HttpStatus.UNAUTHORIZED,
    message: 'This verification link is not valid or has expired. Ask for a new one.',
    description: 'A session secret that is unknown, expired, revoked or replaced by a newer session.',
  },
  SESSION_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Verification session not found' },
  VERIFICATION_IN_PROGRESS: {
    status: HttpStatus.CONFLICT,
    message: 'This verification was started elsewhere. Continue it with the link you were sent, or in the browser where you started it.',
    description:
      'A companyKey link for an applicant that already has a verification it cannot continue: under way in another browser or session link, awaiting a resubmission, or begun through a server-created link (live, expired or revoked). Only that link, a new one from POST /kyc/sessions, or the resume secret of the browser that started it continue it. One answer for every case, so it tells nothing of the applicant.',
  },
  COMPANY_KEY_LINKS_DISABLED: {
    status: HttpStatus.FORBIDDEN,
    message: 'This organization accepts verifications only through links its server creates',
    description: 'The organization turned public companyKey links off; create a session with POST /kyc/sessions.',
  },
  STATUS_ONLY: {
    status: HttpStatus.FORBIDDEN,
    message: 'This page can only follow the verification status',
    description: 'A status-only widget token (the applicant was already submitted) on a route that changes it.',
  },
  REDIRECT_URL_NOT_ALLOWED: {
    status: HttpStatus.BAD_REQUEST,
    message: "redirectUrl is not on the organization's allowed list",
    description: "A session's redirectUrl must start with one of the origins on the organization's Integration page.",
  },
  RATE_LIMITED: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    message: 'Too many attempts, try again later',
    description: 'An abuse limit of the verification page; the `Retry-After` header says when to try again.',
  },
  CAPTURE_BUSY: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    message: 'Your other photos are still being checked. Try again in a few seconds.',
    description:
      'POST /kyc/documents: this verification session (KYC_CAPTURES_PER_SESSION) or this address (KYC_CAPTURES_PER_IP) already has as many photos being checked as it may, and none finished within 2 seconds; the photo is not kept. The `Retry-After` header says when to try again.',
  },
  PHOTO_CHECK_TIMEOUT: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    message: 'The photo could not be checked in time. Please try again.',
    description:
      'POST /kyc/documents: the server is too busy to measure the photo within 10 seconds; the photo is not kept. The `Retry-After` header says when to try again.',
  },
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

export const sessionLinkInvalid = () => KYC_ERRORS.error('SESSION_LINK_INVALID');

export const rateLimited = (retryAfterSeconds: number) =>
  KYC_ERRORS.error('RATE_LIMITED', `Too many attempts, try again in ${retryAfterSeconds} seconds`).retryAfter(retryAfterSeconds);
