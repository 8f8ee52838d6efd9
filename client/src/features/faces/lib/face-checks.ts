import type { ApplicantCheckDto } from '../../../api/generated/types.gen';

// The face analysis's three checks (server/faces/face-checks.ts), read from
// their JSON evidence defensively: a field of the wrong type reads as unknown (null).

export const FACE_CHECK_NAMES = ['face-match', 'liveness', 'duplicate-face'] as const;
export type FaceCheckName = (typeof FACE_CHECK_NAMES)[number];

export type Turn = 'left' | 'right';

/** What the analysis read of one photo: a usable face with the id of its crop (served by GET …/face-crops/:cropId), or why there is none. */
export type FaceOutcome =
  | { found: true; cropId: string | null; yaw: number | null; antispoof: number | null; liveness: number | null }
  | { found: false; reason: string; faces: number | null };

export interface FaceMatchEvidence {
  threshold: number | null;
  similarity: number | null;
  portrait: FaceOutcome | null;
  selfie: FaceOutcome | null;
}

export interface LivenessEvidence {
  /** The model's anti-spoofing and liveness scores, 0–1: risk signals, not a certification. */
  signals: { antispoof: number | null; liveness: number | null };
  challenge: {
    requestedTurn: Turn | null;
    /** Signed: negative is a turn to the person's left. */
    turnDegrees: number | null;
    turnedTo: Turn | null;
    /** Similarity of the two captures' faces. */
    sameFace: number | null;
    framesIdentical: boolean | null;
  };
  minTurnDegrees: number | null;
  lowSignal: number | null;
  threshold: number | null;
}

export interface DuplicateMatch {
  userId: string;
  name: string | null;
  dateOfBirth: string | null;
  similarity: number | null;
  differentIdentity: boolean;
  /** A copy of that applicant's face, served as one of this applicant's crops. */
  cropId: string | null;
  /** Found when that applicant, submitted later, was analysed (not by this applicant's own search). */
  foundLater: boolean;
}

/** A blocklisted face; its picture is the entry's (GET …/face-blocklist/:entryId/crop). */
export interface BlocklistMatch {
  entryId: number | null;
  userId: string;
  reason: string;
  similarity: number | null;
}

export interface DuplicateEvidence {
  threshold: number | null;
  searched: number | null;
  matches: DuplicateMatch[];
  blocklist: BlocklistMatch[];
}

export interface FaceCheck<Evidence> {
  check: ApplicantCheckDto;
  /** null: the check recorded none (e.g. no face on the selfie to search for). */
  evidence: Evidence | null;
}

export interface FaceChecks {
  faceMatch: FaceCheck<FaceMatchEvidence> | null;
  liveness: FaceCheck<LivenessEvidence> | null;
  duplicates: FaceCheck<DuplicateEvidence> | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const turn = (value: unknown): Turn | null => (value === 'left' || value === 'right' ? value : null);
/** A crop's id (a UUID): the picture is fetched from this server's crop route, never from a URL the evidence holds. */
const cropId = (value: unknown): string | null =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

function faceOutcome(value: unknown): FaceOutcome | null {
  if (!isObject(value)) return null;
  if (value.found === true) {
    return { found: true, cropId: cropId(value.cropId), yaw: num(value.yaw), antispoof: num(value.antispoof), liveness: num(value.liveness) };
  }
  return { found: false, reason: str(value.reason) ?? 'no usable face', faces: num(value.faces) };
}

function faceMatchEvidence(evidence: Json): FaceMatchEvidence {
  return {
    threshold: num(evidence.threshold),
    similarity: num(evidence.similarity),
    portrait: faceOutcome(evidence.portrait),
    selfie: faceOutcome(evidence.selfie),
  };
}

function livenessEvidence(evidence: Json): LivenessEvidence {
  const signals = isObject(evidence.signals) ? evidence.signals : {};
  const challenge = isObject(evidence.challenge) ? evidence.challenge : {};
  return {
    signals: { antispoof: num(signals.antispoof), liveness: num(signals.liveness) },
    challenge: {
      requestedTurn: turn(challenge.requestedTurn),
      turnDegrees: num(challenge.turnDegrees),
      turnedTo: turn(challenge.turnedTo),
      sameFace: num(challenge.sameFace),
      framesIdentical: bool(challenge.framesIdentical),
    },
    minTurnDegrees: num(evidence.minTurnDegrees),
    lowSignal: num(evidence.lowSignal),
    threshold: num(evidence.threshold),
  };
}

function duplicateEvidence(evidence: Json): DuplicateEvidence {
  return {
    threshold: num(evidence.threshold),
    searched: num(evidence.searched),
    matches: list(evidence.matches).flatMap((match) => {
      const userId = str(match.userId);
      if (!userId) return [];
      return [
        {
          userId,
          name: str(match.name),
          dateOfBirth: str(match.dateOfBirth),
          similarity: num(match.similarity),
          differentIdentity: match.differentIdentity === true,
          cropId: cropId(match.cropId),
          foundLater: match.foundLater === true,
        },
      ];
    }),
    blocklist: list(evidence.blocklist).flatMap((match) => {
      const userId = str(match.userId);
      if (!userId) return [];
      return [{ entryId: num(match.entryId), userId, reason: str(match.reason) ?? '', similarity: num(match.similarity) }];
    }),
  };
}

function read<Evidence>(checks: readonly ApplicantCheckDto[], name: FaceCheckName, parse: (evidence: Json) => Evidence): FaceCheck<Evidence> | null {
  const check = checks.find((candidate) => candidate.name === name);
  if (!check) return null;
  return { check, evidence: isObject(check.evidence) ? parse(check.evidence) : null };
}

/** The face checks of the last submission; each null until the face analysis has recorded it. */
export function faceChecks(checks: readonly ApplicantCheckDto[] | undefined): FaceChecks {
  const all = checks ?? [];
  return {
    faceMatch: read(all, 'face-match', faceMatchEvidence),
    liveness: read(all, 'liveness', livenessEvidence),
    duplicates: read(all, 'duplicate-face', duplicateEvidence),
  };
}

/** Whether the face analysis found no face on the selfie (so the duplicate search could not run). */
export function noFaceOnSelfie(checks: FaceChecks): boolean {
  return checks.faceMatch?.evidence?.selfie?.found === false;
}

export function hasFaceChecks(checks: FaceChecks): boolean {
  return checks.faceMatch !== null || checks.liveness !== null || checks.duplicates !== null;
}

/**
 * Whether the analysis kept the applicant's selfie face, so that it can be blocklisted:
 * it is kept when a face was found on the selfie.
 */
export function hasStoredFace(checks: FaceChecks): boolean {
  const selfie = checks.faceMatch?.evidence?.selfie;
  return selfie?.found === true || checks.duplicates?.evidence != null;
}

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/** 0.724 → '72 %', as the server's details write it; null → 'unknown'. */
export function formatScore(value: number | null): string {
  return value === null ? 'unknown' : percent.format(value).replace('%', ' %');
}

/** A face not found, in words: 'No face found', 'Several faces (2)', 'Face too small'. */
export function missingFaceText(outcome: Extract<FaceOutcome, { found: false }>): string {
  switch (outcome.reason) {
    case 'no face':
      return 'No face found';
    case 'several faces':
      return outcome.faces ? `Several faces (${outcome.faces})` : 'Several faces';
    case 'face too small':
      return 'Face too small';
    default:
      return outcome.reason;
  }
}
