import { createHmac } from 'node:crypto';
import { mapSumsubReview, verifySumsubDigest } from './sumsub-webhook.js';

describe('Sumsub webhooks', () => {
  const body = Buffer.from('{"type":"applicantReviewed"}');
  const digest = createHmac('sha256', 'hook-secret').update(body).digest('hex');

  it('verify X-Payload-Digest over the raw body', () => {
    expect(verifySumsubDigest(body, 'hook-secret', digest)).toBe(true);
    expect(verifySumsubDigest(body, 'hook-secret', digest.toUpperCase())).toBe(true);
    expect(verifySumsubDigest(body, 'other-secret', digest)).toBe(false);
    expect(verifySumsubDigest(Buffer.from('{"type":"applicantReviewed" }'), 'hook-secret', digest)).toBe(false);
    expect(verifySumsubDigest(body, 'hook-secret', undefined)).toBe(false);
    const sha512 = createHmac('sha512', 'hook-secret').update(body).digest('hex');
    expect(verifySumsubDigest(body, 'hook-secret', sha512, 'HMAC_SHA512_HEX')).toBe(true);
    expect(verifySumsubDigest(body, 'hook-secret', sha512, 'MD5')).toBe(false);
  });

  it('map reviewStatus onto kycStatus and reviewAnswer onto the review answer', () => {
    expect(mapSumsubReview({ reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } })).toEqual({
      kycStatus: 'completed',
      reviewAnswer: 'approved',
      rejectType: null,
      rejectReason: null,
    });
    expect(
      mapSumsubReview({ reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'RETRY', moderationComment: 'Blurry photo' } }),
    ).toEqual({ kycStatus: 'completed', reviewAnswer: 'rejected', rejectType: 'resubmission', rejectReason: 'Blurry photo' });
    expect(
      mapSumsubReview({ reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FORGERY'] } }),
    ).toMatchObject({ rejectType: 'final', rejectReason: 'FORGERY' });
    expect(mapSumsubReview({ reviewStatus: 'onHold' })).toMatchObject({ kycStatus: 'onHold', reviewAnswer: null });
    expect(mapSumsubReview({ reviewStatus: 'somethingElse' })).toBeNull();
  });
});
