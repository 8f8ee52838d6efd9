import type { CheckVerdict } from '../applicants/applicant-check.entity.js';
import { injectionSignals, type CaptureReport } from '../applicants/capture-signals.js';
import type { FacePresentation } from '../face-reading/face-presentation.js';

/**
 * What the face analysis read of one photo (the worker's FaceSummary without its binary
 * parts): the face's crop is a face_crops row, named by `cropId` (null: not kept).
 */
export type FaceOutcome =
  | {
      found: true;
      box: { x: number; y: number; width: number; height: number };
      size: number;
      yaw: number;
      antispoof: number | null;
      liveness: number | null;
      cropId: string | null;
      /** The passive presentation-attack signals around the face (screen, print); absent on older results. */
      presentation?: FacePresentation | null;
    }
  | { found: false; reason: 'no face' | 'several faces' | 'face too small'; faces: number };

/** The face analysis of one submission, as the checks need it. */
export interface FaceAnalysis {
  /** null: no such photo. */
  portrait: FaceOutcome | null;
  selfie: FaceOutcome | null;
  turned: FaceOutcome | null;
  framesIdentical: boolean | null;
  /** Cosine similarity of the portrait's and the selfie's faces, when both were found. */
  similarity: number | null;
  /** Cosine similarity of the two selfie captures' faces, when both were found. */
  poseSimilarity: number | null;
  /** The side the session asked the end user to turn to. */
  requestedTurn: 'left' | 'right';
  threshold: number;
  /** The pose challenge's same-face threshold (the model's; the face match's when not given). */
  poseThreshold?: number;
  /** What the verification page reported about each selfie capture (injection signals); null: nothing reported. */
  captures?: { selfie: CaptureReport | null; turned: CaptureReport | null } | null;
}

/** Another applicant of the organization whose stored face matches the selfie. */
export interface DuplicateMatch {
  userId: string;
  name: string | null;
  dateOfBirth: string | null;
  similarity: number;
  /** The name or the date of birth differs from this applicant's: one face, two identities. */
  differentIdentity: boolean;
  /** A copy of that applicant's stored face, a face_crops row shown in this applicant's evidence (null: none). */
  cropId: string | null;
  /** Found by that applicant's later analysis, not by this applicant's own search (withLaterDuplicate). */
  foundLater?: boolean;
}

/** A blocklisted face that matches the selfie; its crop is the entry's (GET …/face-blocklist/:entryId/crop). */
export interface BlocklistMatch {
  entryId: number;
  userId: string;
  reason: string;
  similarity: number;
}

export interface FaceCheckResult {
  name: 'face-match' | 'liveness' | 'duplicate-face';
  verdict: CheckVerdict;
  score: number | null;
  detail: string;
  evidence: Record<string, unknown> | null;
}

/** The pose challenge's turned capture must differ from the facing one by at least this many degrees of yaw. */
export const MIN_HEAD_TURN = 15;
/** Anti-spoofing and liveness scores (0–1) below this ask a person to look. */
export const LOW_SIGNAL = 0.5;
/**
 * The scores below which Human's models count as a passive signal in the liveness verdict
 * (the face attack set's tuning rule: just below the lowest genuine tuning score; bench/face-liveness.mjs,
 * docs/decisions.md, "Face presentation attacks").
 */
export const PASSIVE_THRESHOLDS = { antispoof: 0.427, liveness: 0.285 } as const;

const WHERE = { portrait: "the document's portrait", selfie: 'the selfie', turned: 'the turned selfie' } as const;
const REASON_TEXT = { 'no face': 'No face found on', 'several faces': 'Several faces on', 'face too small': 'The face is too small on' } as const;

const missing = (outcome: Extract<FaceOutcome, { found: false }>, where: keyof typeof WHERE) => `${REASON_TEXT[outcome.reason]} ${WHERE[where]}`;
const rounded = (value: number) => Math.round(value * 1000) / 1000;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * `face-match`: the selfie's face against the document portrait's. A selfie without
 * exactly one usable face fails (the end user must retake it); a portrait the detector
 * cannot use asks a person to compare.
 */
export function faceMatchCheck(analysis: FaceAnalysis): FaceCheckResult {
  const { portrait, selfie, similarity, threshold } = analysis;
  const evidence = { threshold, similarity: similarity === null ? null : rounded(similarity), portrait, selfie };
  const result = (verdict: CheckVerdict, detail: string): FaceCheckResult => ({
    name: 'face-match',
    verdict,
    score: similarity === null ? null : rounded(clamp01(similarity)),
    detail,
    evidence,
  });
  if (!selfie) return result('needs-review', 'There is no selfie to compare');
  if (!selfie.found) return result('failed', missing(selfie, 'selfie'));
  if (!portrait) return result('needs-review', "There is no photo of the document's portrait side to compare with");
  if (!portrait.found) return result('needs-review', `${missing(portrait, 'portrait')}: a person must compare`);
  const percent = (value: number) => `${Math.round(value * 100)} %`;
  return similarity! >= threshold
    ? result('passed', `The selfie matches the document portrait (similarity ${percent(similarity!)}, threshold ${percent(threshold)})`)
    : result('failed', `The selfie does not match the document portrait (similarity ${percent(similarity!)}, threshold ${percent(threshold)})`);
}

/**
 * `liveness`: the pose challenge (a facing and a turned capture of one face, the head
 * turned the side asked, not the same frame twice) and the model's anti-spoofing and
 * liveness scores — risk signals, not a certification of liveness.
 */
export function livenessCheck(analysis: FaceAnalysis): FaceCheckResult {
  const { selfie, turned, framesIdentical, poseSimilarity, requestedTurn, threshold } = analysis;
  const poseThreshold = analysis.poseThreshold ?? threshold;
  const signals = selfie?.found ? { antispoof: selfie.antispoof, liveness: selfie.liveness } : { antispoof: null, liveness: null };
  // Yaw grows as the head turns to the person's right (seen on an unmirrored photo).
  const turn = selfie?.found && turned?.found ? turned.yaw - selfie.yaw : null;
  const turnedTo = turn === null ? null : turn < 0 ? 'left' : 'right';
  const challenge = {
    requestedTurn,
    turnDegrees: turn === null ? null : Math.round(turn),
    turnedTo,
    sameFace: poseSimilarity === null ? null : rounded(poseSimilarity),
    framesIdentical,
  };
  // Passive signals: the screen and print measures around the face of either capture, and Human's scores.
  const presentation = (['selfie', 'turned'] as const).flatMap((name) => {
    const outcome = analysis[name];
    return outcome?.found && outcome.presentation?.analysed ? outcome.presentation.signals.map((signal) => ({ capture: name, ...signal })) : [];
  });
  const passiveSuspected = [
    ...new Set(presentation.filter((signal) => signal.suspected).map((signal) => (signal.kind === 'screen' ? 'a screen' : 'a print'))),
    ...(signals.antispoof !== null && signals.antispoof < PASSIVE_THRESHOLDS.antispoof ? ['a low anti-spoofing score'] : []),
    ...(signals.liveness !== null && signals.liveness < PASSIVE_THRESHOLDS.liveness ? ['a low liveness score'] : []),
  ];
  const injection = analysis.captures ? injectionSignals(analysis.captures) : [];
  const injected = injection.filter((signal) => signal.suspected);
  const note = 'Anti-spoofing, liveness, presentation and injection measures are signals, not a certification.';
  const result = (verdict: CheckVerdict, detail: string, challengePassed = false): FaceCheckResult => ({
    name: 'liveness',
    verdict,
    score: signals.liveness === null ? null : rounded(signals.liveness),
    detail: `${detail}. ${note}`,
    evidence: {
      signals,
      challenge,
      minTurnDegrees: MIN_HEAD_TURN,
      lowSignal: LOW_SIGNAL,
      threshold: poseThreshold,
      presentation,
      injection,
      injectionSuspected: injected.map((signal) => signal.kind),
      challengePassed,
      passiveClean: passiveSuspected.length === 0,
    },
  });
  if (!selfie?.found) return result('needs-review', selfie ? missing(selfie, 'selfie') : 'There is no selfie');
  if (!turned) return result('needs-review', 'The pose challenge was not taken (no turned selfie)');
  if (framesIdentical) return result('failed', 'Pose challenge failed: the two selfies are the same picture');
  if (!turned.found) return result('failed', `Pose challenge failed: ${missing(turned, 'turned').toLowerCase()}`);
  if (poseSimilarity! < poseThreshold) return result('failed', 'Pose challenge failed: the turned selfie shows another face');
  if (Math.abs(turn!) < MIN_HEAD_TURN)
    return result('failed', `Pose challenge failed: the head did not turn (${Math.abs(Math.round(turn!))}°, at least ${MIN_HEAD_TURN}° needed)`);
  if (turnedTo !== requestedTurn) return result('needs-review', `The head turned ${turnedTo} (${Math.abs(Math.round(turn!))}°), not ${requestedTurn} as asked`);
  const passed = `Pose challenge passed: the head turned ${turnedTo} (${Math.abs(Math.round(turn!))}°), same face`;
  // Liveness passes only when the challenge and the passive signals agree.
  const findings = [
    ...(passiveSuspected.length > 0 ? [`but the passive signals suggest ${passiveSuspected.join(' and ')}`] : []),
    ...(injected.length > 0 ? [`injection signals: ${injected.map((signal) => signal.detail).join('; ')}`] : []),
  ];
  if (findings.length > 0) return result('needs-review', `${passed}; ${findings.join('; ')}`, true);
  return result('passed', passed, true);
}

/**
 * `duplicate-face`: other applicants of the organization with the selfie's face, and
 * blocklisted faces. A blocklisted face or one face under another name or date of birth
 * fails; the same person under another userId asks a person to look. Without a face on
 * the selfie there is nothing to search for: the check could not run (no duplicate flag;
 * `face-match` says the face was not found).
 */
export function duplicateFaceCheck(
  selfie: FaceOutcome | null,
  matches: DuplicateMatch[],
  blocklist: BlocklistMatch[],
  searched: number,
  threshold: number,
): FaceCheckResult {
  if (!selfie?.found) {
    const detail = selfie ? 'No face found on the selfie: there is nothing to search for' : 'There is no selfie to search for';
    return { name: 'duplicate-face', verdict: 'unavailable', score: null, detail, evidence: null };
  }
  return duplicateVerdict(matches, blocklist, searched, threshold);
}

/**
 * An earlier applicant's `duplicate-face` once a later applicant's analysis found the same
 * face (`later`, described from the earlier applicant's side): the match is added beside
 * the ones its own search found (replacing an earlier copy of the same match) and the
 * verdict weighed again. `current` is the stored check (null: none recorded).
 */
export function withLaterDuplicate(current: { evidence: Record<string, unknown> | null } | null, later: DuplicateMatch, threshold: number): FaceCheckResult {
  const evidence = (current?.evidence ?? {}) as Partial<{ threshold: number; searched: number; matches: DuplicateMatch[]; blocklist: BlocklistMatch[] }>;
  const matches = [...(evidence.matches ?? []).filter((match) => match.userId !== later.userId), { ...later, foundLater: true }];
  return duplicateVerdict(matches, evidence.blocklist ?? [], evidence.searched ?? 0, evidence.threshold ?? threshold);
}

function duplicateVerdict(matches: DuplicateMatch[], blocklist: BlocklistMatch[], searched: number, threshold: number): FaceCheckResult {
  const best = Math.max(0, ...matches.map((match) => match.similarity), ...blocklist.map((match) => match.similarity));
  const result = (verdict: CheckVerdict, detail: string): FaceCheckResult => ({
    name: 'duplicate-face',
    verdict,
    score: matches.length + blocklist.length > 0 ? rounded(clamp01(best)) : null,
    detail,
    evidence: { threshold, searched, matches, blocklist },
  });
  if (blocklist.length > 0)
    return result('failed', `The face matches a blocklisted face (${blocklist.map((match) => `${match.userId}: ${match.reason}`).join('; ')})`.slice(0, 500));
  const others = matches.filter((match) => match.differentIdentity);
  const applicants = (count: number) => `${count} other applicant${count === 1 ? '' : 's'}`;
  if (others.length > 0) return result('failed', `The same face as ${applicants(matches.length)}, ${others.length} with a different name or date of birth`);
  if (matches.length > 0) return result('needs-review', `The same face as ${applicants(matches.length)} with the same name and date of birth`);
  return result('passed', `No other applicant of the organization has this face (${searched} searched)`);
}

/** Whether two identities differ: the name (letters only, any order, accents aside) or the date of birth, where both are known. */
export function differentIdentity(a: { name: string | null; dateOfBirth: string | null }, b: { name: string | null; dateOfBirth: string | null }): boolean {
  const tokens = (name: string | null) =>
    (name ?? '')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter(Boolean)
      .sort()
      .join(' ');
  const nameDiffers = Boolean(a.name && b.name) && tokens(a.name) !== tokens(b.name);
  const birthDiffers = Boolean(a.dateOfBirth && b.dateOfBirth) && a.dateOfBirth !== b.dateOfBirth;
  return nameDiffers || birthDiffers;
}
