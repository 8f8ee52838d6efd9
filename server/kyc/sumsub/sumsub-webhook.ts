import { createHmac, timingSafeEqual } from 'node:crypto';
import type { KycStatus } from '../../applicants/applicant.enums.js';
import type { ProviderReview } from '../../applicants/lifecycle/transitions.js';
import { KYC_STATUSES } from '../../applicants/applicant.enums.js';

/** The part of a Sumsub applicant webhook we act on. */
export interface SumsubWebhookPayload {
  type?: string;
  externalUserId?: string;
  reviewStatus?: string;
  reviewResult?: {
    reviewAnswer?: 'GREEN' | 'RED';
    reviewRejectType?: 'FINAL' | 'RETRY';
    moderationComment?: string;
    rejectLabels?: string[];
  };
}

const DIGEST_ALGORITHMS: Record<string, string> = {
  HMAC_SHA1_HEX: 'sha1',
  HMAC_SHA256_HEX: 'sha256',
  HMAC_SHA512_HEX: 'sha512',
};

/** X-Payload-Digest: hex HMAC of the raw body with the webhook's secret key (SHA-256 unless X-Payload-Digest-Alg says otherwise). */
export function verifySumsubDigest(rawBody: Buffer, secret: string, digest: string | undefined, algorithm = 'HMAC_SHA256_HEX'): boolean {
  const hash = DIGEST_ALGORITHMS[algorithm];
  if (!hash || !digest) return false;
  const expected = Buffer.from(createHmac(hash, secret).update(rawBody).digest('hex'));
  const given = Buffer.from(digest.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Sumsub's reviewStatus values are our kycStatus values; its answer GREEN/RED is our approved/rejected. */
export function mapSumsubReview(payload: SumsubWebhookPayload): ProviderReview | null {
  const status = payload.reviewStatus as KycStatus | undefined;
  if (!status || !KYC_STATUSES.includes(status)) return null;
  const result = payload.reviewResult;
  if (status !== 'completed' || !result?.reviewAnswer) {
    return { kycStatus: status, reviewAnswer: null, rejectType: null, rejectReason: null };
  }
  if (result.reviewAnswer === 'GREEN') {
    return { kycStatus: status, reviewAnswer: 'approved', rejectType: null, rejectReason: null };
  }
  const reason = result.moderationComment?.trim() || result.rejectLabels?.join(', ') || 'Rejected by the identity provider';
  return {
    kycStatus: status,
    reviewAnswer: 'rejected',
    rejectType: result.reviewRejectType === 'RETRY' ? 'resubmission' : 'final',
    rejectReason: reason.slice(0, 1000),
  };
}
