import { DEFAULT_SCREENING_THRESHOLD } from '../screening/index.js';
import type { CheckVerdict } from '../applicants/applicant-check.entity.js';
import { DOCUMENT_SIGNAL_KINDS, type DocumentSignalKind } from '../document-liveness/index.js';
import { INJECTION_SIGNAL_KINDS, type InjectionSignalKind } from '../applicants/capture-signals.js';

/** The checks a policy may require, by the names the checks are recorded under. */
export const POLICY_CHECKS = [
  'document-read',
  'data-matches-document',
  'face-match',
  'liveness',
  'duplicate-face',
  'sanctions-screening',
  'adult',
  'document-not-expired',
] as const;
export type PolicyCheck = (typeof POLICY_CHECKS)[number];

export interface VerificationPolicySettings {
  /** Checks that must pass for an automatic approval. */
  requiredChecks: PolicyCheck[];
  /** Approve without a person when every required check passed and no check of any kind failed or needs review. */
  autoApprove: boolean;
  /** Approve automatically only when the document was read (its zone's check digits, or its barcode): on by default. */
  requireDocumentRead: boolean;
  /** Reject with a named reason on a hard failure of a required check: expired document, under age, blocklisted face. */
  autoReject: boolean;
  /** A stricter face-match threshold than the analysis's own (null: the analysis's). */
  faceMatchThreshold: number | null;
  /** The sanctions screening score from which a listed person is a hit. */
  screeningThreshold: number;
  /**
   * The document liveness signals that, when suspected, leave the applicant for a person
   * ("queue when a screen capture is suspected"); a signal not listed is still shown to the
   * reviewer but holds nothing. All three by default.
   */
  queueOnDocumentSignals: DocumentSignalKind[];
  /**
   * The selfie's injection signals (applicants/capture-signals.ts: a virtual camera, a file
   * chosen instead of the camera, frame timing no camera produces) that, when suspected,
   * leave the applicant for a person; one not listed is shown but holds nothing. All three by default.
   */
  queueOnInjectionSignals: InjectionSignalKind[];
  /**
   * Approving past a risk (approval-risks.ts: a check failed or needing review, a sanctions
   * hit, a duplicate or blocklisted face, a document or injection signal) takes a second
   * reviewer: the override is a proposal another member confirms. Off by default.
   */
  secondReviewerForOverrides: boolean;
}

/** Today's behaviour: everything checked, nothing decided without a person. */
export const DEFAULT_POLICY: VerificationPolicySettings = {
  requiredChecks: [...POLICY_CHECKS],
  autoApprove: false,
  requireDocumentRead: true,
  autoReject: false,
  faceMatchThreshold: null,
  screeningThreshold: DEFAULT_SCREENING_THRESHOLD,
  queueOnDocumentSignals: [...DOCUMENT_SIGNAL_KINDS],
  queueOnInjectionSignals: [...INJECTION_SIGNAL_KINDS],
  secondReviewerForOverrides: false,
};

/** The named rules an automatic decision records (audit trail and webhook). */
export const POLICY_RULES = [
  'auto-approve:all-required-checks-passed',
  'auto-reject:document-expired',
  'auto-reject:under-age',
  'auto-reject:blocklisted-face',
  'queue:required-check-not-passed',
  'queue:face-match-below-policy-threshold',
  'queue:document-liveness-signal',
  'queue:injection-signal',
  'queue:check-failed',
  'queue:document-not-read',
  'queue:approval-by-a-person',
] as const;
export type PolicyRule = (typeof POLICY_RULES)[number];

export type PolicyDecision =
  | { outcome: 'approve'; rule: PolicyRule; reason: string }
  | { outcome: 'reject'; rule: PolicyRule; reason: string }
  | { outcome: 'queue'; rule: PolicyRule; reason: string };

export interface CheckResult {
  name: string;
  verdict: CheckVerdict;
  score: number | null;
  detail: string;
  evidence: Record<string, unknown> | null;
}

/**
 * The rule of automatic approval, stated once: the README, docs/api.md and the OpenAPI
 * text quote it.
 */
export const AUTO_APPROVAL_RULE =
  "Approves automatically only when automatic approval is on, every required check passed, no check of any kind — required or not — failed or needs review (a check that could not run, such as screening with no list imported, blocks only when it is required), and, unless the policy turns it off, the document was read: then its expiry and date of birth are the document's, not the typed ones. A document liveness signal (screen capture, print, edited image) suspected is a check that needs review unless the policy lists that signal as one it does not queue on; so is a selfie injection signal (a virtual camera, a file chosen instead of the camera, frame timing no camera produces).";

/**
 * What the policy does with a submission whose analyses are all in. In order: a hard
 * failure of a required check rejects (when automatic rejection is on); a required check
 * not passed, a face similarity under the policy's own threshold, or ANY check that failed
 * or needs review (required or not: a failed data-vs-document comparison, a sanctions
 * hit, a face under another identity; a document liveness signal the policy queues on,
 * under a rule of its own) leaves the applicant for a person; otherwise it is
 * approved when automatic approval is on (AUTO_APPROVAL_RULE).
 */
export function decide(policy: VerificationPolicySettings, checks: readonly CheckResult[]): PolicyDecision {
  const byName = new Map(checks.map((check) => [check.name, check]));
  const required = policy.requiredChecks.filter((name) => POLICY_CHECKS.includes(name));
  if (policy.autoReject) {
    const hard = hardFailure(required, byName);
    if (hard) return hard;
  }
  const injection = injectionSignalsOf(byName.get('liveness'));
  const queuedInjection = injection.suspected.filter((kind) => policy.queueOnInjectionSignals.includes(kind));
  if (queuedInjection.length > 0) {
    return {
      outcome: 'queue',
      rule: 'queue:injection-signal',
      reason: `Injection signals on the selfie: ${queuedInjection.map((kind) => INJECTION_WORDS[kind]).join(', ')}: signals for a person to look at, not a certification`,
    };
  }
  // A liveness check held only by injection signals the policy does not queue on counts as passed (the reviewer still sees them).
  const injectionOnly = (check: CheckResult | undefined) => check?.name === 'liveness' && check.verdict === 'needs-review' && injection.onlyReason;
  const notPassed = required.filter((name) => byName.get(name)?.verdict !== 'passed' && !injectionOnly(byName.get(name)));
  if (notPassed.length > 0) {
    const what = notPassed.map((name) => `${name} ${byName.get(name)?.verdict ?? 'missing'}`).join(', ');
    return { outcome: 'queue', rule: 'queue:required-check-not-passed', reason: `Required checks not passed: ${what}` };
  }
  const face = byName.get('face-match');
  if (required.includes('face-match') && policy.faceMatchThreshold !== null && face) {
    const similarity = faceSimilarityOf(face);
    if (similarity === null || similarity < policy.faceMatchThreshold) {
      return {
        outcome: 'queue',
        rule: 'queue:face-match-below-policy-threshold',
        reason: `Face similarity ${similarity === null ? 'unknown' : similarity.toFixed(3)} is below the policy's threshold ${policy.faceMatchThreshold.toFixed(3)}`,
      };
    }
  }
  const signals = documentSignalsOf(byName.get('document-liveness'));
  const queuedSignals = signals.filter((kind) => policy.queueOnDocumentSignals.includes(kind));
  if (queuedSignals.length > 0) {
    return {
      outcome: 'queue',
      rule: 'queue:document-liveness-signal',
      reason: `Suspected ${queuedSignals.map((kind) => SIGNAL_WORDS[kind]).join(', ')} on the document photo: a signal for a person to look at, not a certification`,
    };
  }
  // A liveness check whose every suspected signal the policy does not queue on holds nothing (the reviewer still sees it).
  const ignored = (check: CheckResult) =>
    (check.name === 'document-liveness' && check.verdict === 'needs-review' && signals.length > 0 && queuedSignals.length === 0) || injectionOnly(check);
  const failed = checks
    .filter((check) => (check.verdict === 'failed' || check.verdict === 'needs-review') && !ignored(check))
    .map((check) => `${check.name} ${check.verdict}`);
  if (failed.length > 0) return { outcome: 'queue', rule: 'queue:check-failed', reason: `Checks failed or needing review: ${failed.join(', ')}` };
  const read = byName.get('document-read');
  if (policy.requireDocumentRead && read?.verdict !== 'passed') {
    return {
      outcome: 'queue',
      rule: 'queue:document-not-read',
      reason: `The document was not read (document-read ${read?.verdict ?? 'missing'}): approval is left to a person`,
    };
  }
  if (!policy.autoApprove) return { outcome: 'queue', rule: 'queue:approval-by-a-person', reason: 'The policy leaves approval to a person' };
  return {
    outcome: 'approve',
    rule: 'auto-approve:all-required-checks-passed',
    reason: `Every required check passed and no check failed: ${required.join(', ')}`,
  };
}

const INJECTION_WORDS: Record<InjectionSignalKind, string> = {
  'virtual-camera': 'a virtual camera',
  'file-chosen': 'a file chosen instead of the camera',
  'frame-timing': 'frame timing no camera produces',
};

/**
 * The injection signals a `liveness` check's evidence names as suspected, and whether they are
 * its only reason to need review (the challenge passed and the passive signals were clean).
 */
export function injectionSignalsOf(check: CheckResult | undefined): { suspected: InjectionSignalKind[]; onlyReason: boolean } {
  const named = check?.evidence?.injectionSuspected;
  const suspected = Array.isArray(named) ? INJECTION_SIGNAL_KINDS.filter((kind) => named.includes(kind)) : [];
  const onlyReason = suspected.length > 0 && check?.evidence?.challengePassed === true && check.evidence.passiveClean === true;
  return { suspected, onlyReason };
}

const SIGNAL_WORDS: Record<DocumentSignalKind, string> = { screen: 'screen capture', print: 'print or photocopy', edited: 'edited image' };

/** The signal kinds a `document-liveness` check that needs review suspects (its evidence), none otherwise. */
function documentSignalsOf(check: CheckResult | undefined): DocumentSignalKind[] {
  const suspected = check?.verdict === 'needs-review' ? check.evidence?.suspected : undefined;
  return Array.isArray(suspected) ? DOCUMENT_SIGNAL_KINDS.filter((kind) => suspected.includes(kind)) : [];
}

function hardFailure(required: readonly PolicyCheck[], byName: Map<string, CheckResult>): PolicyDecision | null {
  const failed = (name: PolicyCheck) => (required.includes(name) ? (byName.get(name)?.verdict === 'failed' ? byName.get(name)! : null) : null);
  // The prechecks fail without a valid date too; only a date that says so is a hard failure.
  // Where the date came from: the document (its zone or barcode) or what the applicant typed.
  const source = (check: CheckResult) => (check.evidence?.source === 'document' ? ', read from the document' : '');
  const expired = failed('document-not-expired');
  const expiry = expired && /^Expires (\S+)/.exec(expired.detail)?.[1];
  if (expired && expiry) {
    return { outcome: 'reject', rule: 'auto-reject:document-expired', reason: `The document has expired (expiry date ${expiry}${source(expired)})` };
  }
  const adult = failed('adult');
  const age = adult && /^Age (\d+)/.exec(adult.detail)?.[1];
  if (adult && age) {
    return { outcome: 'reject', rule: 'auto-reject:under-age', reason: `The applicant is under 18 (age ${age}${source(adult)})` };
  }
  const duplicate = failed('duplicate-face');
  const blocklist = duplicate?.evidence?.blocklist;
  if (duplicate && Array.isArray(blocklist) && blocklist.length > 0) {
    return { outcome: 'reject', rule: 'auto-reject:blocklisted-face', reason: "The selfie matches a face on the organization's blocklist" };
  }
  return null;
}

/** The face match's similarity as its evidence records it (the score is the same value, clamped). */
function faceSimilarityOf(check: CheckResult): number | null {
  const similarity = check.evidence?.similarity;
  if (typeof similarity === 'number') return similarity;
  return check.score;
}
