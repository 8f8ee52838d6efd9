import { decide, DEFAULT_POLICY, type CheckResult, type VerificationPolicySettings } from './policy.js';

const passed = (name: string, extra: Partial<CheckResult> = {}): CheckResult => ({
  name,
  verdict: 'passed',
  score: null,
  detail: '',
  evidence: null,
  ...extra,
});
const ALL_PASSED: CheckResult[] = [
  passed('document-read'),
  passed('data-matches-document'),
  passed('face-match', { score: 0.72, evidence: { similarity: 0.72, threshold: 0.685 } }),
  passed('liveness'),
  passed('duplicate-face'),
  passed('sanctions-screening', { evidence: { hits: [] } }),
  passed('adult', { detail: 'Age 30' }),
  passed('document-not-expired', { detail: 'Expires 2031-01-01' }),
];
const AUTOMATIC: VerificationPolicySettings = { ...DEFAULT_POLICY, autoApprove: true, autoReject: true };
const replace = (check: CheckResult) => ALL_PASSED.map((candidate) => (candidate.name === check.name ? check : candidate));

describe('the verification policy decides', () => {
  it('nothing by default: approval is left to a person even when every check passed', () => {
    expect(decide(DEFAULT_POLICY, ALL_PASSED)).toMatchObject({ outcome: 'queue', rule: 'queue:approval-by-a-person' });
  });

  it('approves when every required check passed and nothing is flagged', () => {
    expect(decide(AUTOMATIC, ALL_PASSED)).toMatchObject({ outcome: 'approve', rule: 'auto-approve:all-required-checks-passed' });
  });

  it('judges the stored face similarity against a stricter threshold of its own', () => {
    expect(decide({ ...AUTOMATIC, faceMatchThreshold: 0.7 }, ALL_PASSED)).toMatchObject({ outcome: 'approve' });
    expect(decide({ ...AUTOMATIC, faceMatchThreshold: 0.8 }, ALL_PASSED)).toMatchObject({
      outcome: 'queue',
      rule: 'queue:face-match-below-policy-threshold',
      reason: "Face similarity 0.720 is below the policy's threshold 0.800",
    });
    // Not required: the stricter threshold is not applied.
    const withoutFaces = { ...AUTOMATIC, faceMatchThreshold: 0.8, requiredChecks: AUTOMATIC.requiredChecks.filter((name) => name !== 'face-match') };
    expect(decide(withoutFaces, ALL_PASSED)).toMatchObject({ outcome: 'approve' });
  });

  it('rejects hard failures of required checks with a named reason', () => {
    expect(decide(AUTOMATIC, replace({ ...passed('document-not-expired'), verdict: 'failed', detail: 'Expires 2020-01-31' }))).toEqual({
      outcome: 'reject',
      rule: 'auto-reject:document-expired',
      reason: 'The document has expired (expiry date 2020-01-31)',
    });
    expect(decide(AUTOMATIC, replace({ ...passed('adult'), verdict: 'failed', detail: 'Age 16' }))).toMatchObject({
      outcome: 'reject',
      rule: 'auto-reject:under-age',
    });
    const blocklisted = {
      ...passed('duplicate-face'),
      verdict: 'failed' as const,
      evidence: { blocklist: [{ userId: 'u', reason: 'Forged', similarity: 0.9 }], matches: [] },
    };
    expect(decide(AUTOMATIC, replace(blocklisted))).toMatchObject({ outcome: 'reject', rule: 'auto-reject:blocklisted-face' });
  });

  it('queues rather than rejects a failure that is not a hard one, or when automatic rejection is off', () => {
    // No valid date is not "expired": a person looks.
    expect(decide(AUTOMATIC, replace({ ...passed('document-not-expired'), verdict: 'failed', detail: 'No valid expiry date' }))).toMatchObject({
      outcome: 'queue',
      rule: 'queue:required-check-not-passed',
    });
    expect(decide({ ...AUTOMATIC, autoReject: false }, replace({ ...passed('adult'), verdict: 'failed', detail: 'Age 16' }))).toMatchObject({
      outcome: 'queue',
    });
    // A face under another identity (not the blocklist) fails duplicate-face too, without being a hard failure.
    const duplicate = { ...passed('duplicate-face'), verdict: 'failed' as const, evidence: { blocklist: [], matches: [{ userId: 'other' }] } };
    expect(decide(AUTOMATIC, replace(duplicate))).toMatchObject({ outcome: 'queue', rule: 'queue:required-check-not-passed' });
  });

  it('queues a missing or unfinished required check, and flags a sanctions hit even when screening is not required', () => {
    expect(
      decide(
        AUTOMATIC,
        ALL_PASSED.filter((check) => check.name !== 'liveness'),
      ),
    ).toMatchObject({ outcome: 'queue', reason: 'Required checks not passed: liveness missing' });
    const notRequired = { ...AUTOMATIC, requiredChecks: AUTOMATIC.requiredChecks.filter((name) => name !== 'sanctions-screening') };
    const hit = { ...passed('sanctions-screening'), verdict: 'needs-review' as const, evidence: { hits: [{ key: 'ofac-sdn:1' }] } };
    expect(decide(notRequired, replace(hit))).toMatchObject({ outcome: 'queue', rule: 'queue:check-failed' });
    // No list imported: not a flag, and not required here.
    const unscreened = { ...passed('sanctions-screening'), verdict: 'unavailable' as const, evidence: { hits: [] } };
    expect(decide(notRequired, replace(unscreened))).toMatchObject({ outcome: 'approve' });
  });

  describe('never approves automatically while any check failed or needs review, required or not', () => {
    const NOTHING_REQUIRED: VerificationPolicySettings = { ...AUTOMATIC, autoReject: false, requiredChecks: [] };
    it('approves when nothing is required and every check passed', () => {
      expect(decide(NOTHING_REQUIRED, ALL_PASSED)).toMatchObject({ outcome: 'approve' });
    });
    for (const check of ALL_PASSED) {
      for (const verdict of ['failed', 'needs-review'] as const) {
        it(`${check.name} ${verdict} blocks it`, () => {
          const decision = decide(NOTHING_REQUIRED, replace({ ...check, verdict }));
          expect(decision).toEqual({ outcome: 'queue', rule: 'queue:check-failed', reason: `Checks failed or needing review: ${check.name} ${verdict}` });
        });
      }
    }
    it('a check the policy does not know (e.g. a future one) failing blocks it too', () => {
      expect(decide(NOTHING_REQUIRED, [...ALL_PASSED, { ...passed('document-tampering'), verdict: 'failed' }])).toMatchObject({
        outcome: 'queue',
        rule: 'queue:check-failed',
      });
    });
    it('the black-box case: expired by the MRZ (typed date later), face match failed, both not required', () => {
      const checks = replace({ ...passed('data-matches-document'), verdict: 'failed', detail: 'Expiry date: typed 2029-06-30, document 2026-06-30' }).map(
        (c) => (c.name === 'face-match' ? { ...c, verdict: 'failed' as const } : c),
      );
      const policy = { ...AUTOMATIC, requiredChecks: AUTOMATIC.requiredChecks.filter((name) => name !== 'data-matches-document' && name !== 'face-match') };
      expect(decide(policy, checks)).toMatchObject({ outcome: 'queue', rule: 'queue:check-failed' });
    });
  });

  describe('requires the document read for an automatic approval (on by default)', () => {
    const NOTHING_REQUIRED: VerificationPolicySettings = { ...AUTOMATIC, autoReject: false, requiredChecks: [] };
    const unread = (verdict: 'unavailable') => replace({ ...passed('document-read'), verdict });
    it('queues when the document could not be read or was not analysed, even with nothing required', () => {
      expect(DEFAULT_POLICY.requireDocumentRead).toBe(true);
      expect(decide(NOTHING_REQUIRED, unread('unavailable'))).toMatchObject({ outcome: 'queue', rule: 'queue:document-not-read' });
      expect(
        decide(
          NOTHING_REQUIRED,
          ALL_PASSED.filter((check) => check.name !== 'document-read'),
        ),
      ).toMatchObject({
        outcome: 'queue',
        rule: 'queue:document-not-read',
      });
    });
    it('approves without a read only when the policy turns the setting off', () => {
      expect(decide({ ...NOTHING_REQUIRED, requireDocumentRead: false }, unread('unavailable'))).toMatchObject({ outcome: 'approve' });
    });
    it("rejects a document expired by its own date, naming the document as the date's source", () => {
      const expired = {
        ...passed('document-not-expired'),
        verdict: 'failed' as const,
        detail: 'Expires 2026-06-01 (read from the document)',
        evidence: { source: 'document' },
      };
      expect(decide(AUTOMATIC, replace(expired))).toEqual({
        outcome: 'reject',
        rule: 'auto-reject:document-expired',
        reason: 'The document has expired (expiry date 2026-06-01, read from the document)',
      });
    });
  });

  it('queues a suspected screen capture under a rule of its own, and holds nothing on a signal the policy does not queue on', () => {
    const screen: CheckResult = {
      name: 'document-liveness',
      verdict: 'needs-review',
      score: 0.2,
      detail: 'Suspected screen capture (front): a signal for a person to look at, not a certification',
      evidence: { suspected: ['screen'], photos: [] },
    };
    const withScreen = [...ALL_PASSED, screen];
    expect(decide(AUTOMATIC, withScreen)).toMatchObject({
      outcome: 'queue',
      rule: 'queue:document-liveness-signal',
      reason: 'Suspected screen capture on the document photo: a signal for a person to look at, not a certification',
    });
    expect(decide({ ...AUTOMATIC, queueOnDocumentSignals: ['screen'] }, withScreen)).toMatchObject({ rule: 'queue:document-liveness-signal' });
    // The organization queues only on prints: the screen signal is shown, and approval goes ahead.
    expect(decide({ ...AUTOMATIC, queueOnDocumentSignals: ['print'] }, withScreen)).toMatchObject({ outcome: 'approve' });
    // No signal suspected: nothing to queue.
    expect(decide(AUTOMATIC, [...ALL_PASSED, { ...screen, verdict: 'passed', evidence: { suspected: [], photos: [] } }])).toMatchObject({ outcome: 'approve' });
  });

  it('queues a selfie injection signal under a rule of its own, and holds nothing on one the policy does not queue on', () => {
    const liveness: CheckResult = {
      name: 'liveness',
      verdict: 'needs-review',
      score: 0.9,
      detail: 'Pose challenge passed; injection signals: the selfie came from a virtual camera (OBS Virtual Camera)',
      evidence: { injectionSuspected: ['virtual-camera'], challengePassed: true, passiveClean: true },
    };
    const checks = [...ALL_PASSED.filter((check) => check.name !== 'liveness'), liveness];
    expect(decide(AUTOMATIC, checks)).toMatchObject({ outcome: 'queue', rule: 'queue:injection-signal' });
    expect(decide(AUTOMATIC, checks).reason).toContain('a virtual camera');
    // The organization queues only on files chosen: the virtual camera is shown, and approval goes ahead.
    expect(decide({ ...AUTOMATIC, queueOnInjectionSignals: ['file-chosen'] }, checks)).toMatchObject({ outcome: 'approve' });
    // The check also needs review for a passive signal: it still holds the applicant, as a required check not passed.
    const alsoPassive = { ...liveness, evidence: { ...liveness.evidence, passiveClean: false } };
    expect(decide({ ...AUTOMATIC, queueOnInjectionSignals: [] }, [...checks.slice(0, -1), alsoPassive])).toMatchObject({
      rule: 'queue:required-check-not-passed',
    });
  });
});
