import { ConflictException, UnauthorizedException } from '@nestjs/common';

export const KYC_MESSAGES = {
  webhookNotConfigured:
    'Please configure your webhook in the dashboard (Settings → Webhooks) before sending applicants to verification',
  unknownCompanyKey: 'This verification link is not valid',
  invalidToken: 'The verification session has expired',
  tokenIssued: 'Verification token issued',
  notReady: (missing: string[]) => `The verification is not complete yet: ${missing.join(', ')}`,
  alreadySubmitted: 'This verification was already submitted',
  backNeeded: 'This document type needs a photo of the back too',
} as const;

/** The widget's `invalid-token` error: a missing, forged, expired or mismatched token. */
export function invalidToken(): UnauthorizedException {
  return new UnauthorizedException({ message: KYC_MESSAGES.invalidToken, code: 'invalid-token' });
}

export function webhookNotConfigured(): ConflictException {
  return new ConflictException({
    status: 'error',
    code: 'WEBHOOK_NOT_CONFIGURED',
    message: KYC_MESSAGES.webhookNotConfigured,
    token: null,
  });
}

/** A wrong companyKey gets the same answer as any other bad credential: nothing is revealed. */
export function unknownCompanyKey(): UnauthorizedException {
  return new UnauthorizedException({ message: KYC_MESSAGES.unknownCompanyKey, code: 'invalid-company-key' });
}
