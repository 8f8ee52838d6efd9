import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ApplicantCheck } from '../applicants/applicant-check.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { FaceCrop, FaceCropMove, type NewFaceCrop } from './face-crop.entity.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]*)$/i;

/** The bytes of a crop written as a data URL; null for anything else. */
function bytesOf(value: unknown): Buffer | null {
  if (typeof value !== 'string') return null;
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const bytes = Buffer.from(match[1], 'base64');
  return bytes.length > 0 ? bytes : null;
}

/** One face outcome (`face-match`'s portrait or selfie) with its `crop` replaced by `cropId`. */
function movedOutcome(outcome: unknown, applicantId: string, crops: NewFaceCrop[]): unknown {
  if (!isObject(outcome) || !('crop' in outcome)) return outcome;
  const { crop, ...rest } = outcome;
  const data = bytesOf(crop);
  if (!data) return { ...rest, cropId: null };
  const id = randomUUID();
  crops.push({ id, applicantId, faceOfApplicantId: applicantId, data });
  return { ...rest, cropId: id };
}

/**
 * The evidence of a check written before crops were stored apart, rewritten to name
 * crops by id, and the crops to store. A duplicate's crop is kept as a copy of that
 * applicant's face if the applicant still exists in the organization (`others`, by
 * userId); a blocklist match's crop is dropped (the entry keeps its own, served by
 * entryId). Exported for the unit test.
 */
export function withCropsMoved(
  check: Pick<ApplicantCheck, 'applicantId' | 'name' | 'evidence'>,
  others: ReadonlyMap<string, string>,
): { evidence: Json | null; crops: NewFaceCrop[] } {
  const crops: NewFaceCrop[] = [];
  const evidence = check.evidence;
  if (!isObject(evidence)) return { evidence: evidence ?? null, crops };
  if (check.name === 'face-match') {
    return {
      evidence: {
        ...evidence,
        portrait: movedOutcome(evidence.portrait, check.applicantId, crops),
        selfie: movedOutcome(evidence.selfie, check.applicantId, crops),
      },
      crops,
    };
  }
  if (check.name === 'duplicate-face') {
    const matches = Array.isArray(evidence.matches)
      ? evidence.matches.map((match: unknown) => {
          if (!isObject(match) || !('crop' in match)) return match;
          const { crop, ...rest } = match;
          const data = bytesOf(crop);
          const faceOf = typeof rest.userId === 'string' ? others.get(rest.userId) : undefined;
          if (!data || !faceOf) return { ...rest, cropId: null };
          const id = randomUUID();
          crops.push({ id, applicantId: check.applicantId, faceOfApplicantId: faceOf, data });
          return { ...rest, cropId: id };
        })
      : evidence.matches;
    const blocklist = Array.isArray(evidence.blocklist)
      ? evidence.blocklist.map((match: unknown) => {
          if (!isObject(match)) return match;
          const { crop: _crop, ...rest } = match;
          return rest;
        })
      : evidence.blocklist;
    return { evidence: { ...evidence, matches, blocklist }, crops };
  }
  return { evidence, crops };
}

/** Moves one listed check's crops, in the caller's transaction; false when another process took it first. */
async function moveOne(manager: EntityManager, checkId: string): Promise<boolean> {
  // Taking the row off the list claims it: a second process's DELETE finds nothing.
  const claimed = await manager.delete(FaceCropMove, { checkId });
  if (!claimed.affected) return false;
  const check = await manager.findOne(ApplicantCheck, { where: { id: checkId }, select: { id: true, applicantId: true, name: true, evidence: true } });
  if (!check) return true;
  const applicant = await manager.findOne(Applicant, { where: { id: check.applicantId }, select: { id: true, organizationId: true } });
  if (!applicant) return true;
  const userIds =
    isObject(check.evidence) && Array.isArray(check.evidence.matches)
      ? check.evidence.matches.flatMap((match: unknown) => (isObject(match) && typeof match.userId === 'string' ? [match.userId] : []))
      : [];
  const others = new Map<string, string>();
  for (const userId of new Set(userIds)) {
    const other = await manager.findOne(Applicant, { where: { organizationId: applicant.organizationId, userId }, select: { id: true } });
    if (other) others.set(userId, other.id);
  }
  const { evidence, crops } = withCropsMoved(check, others);
  if (crops.length > 0) await manager.insert(FaceCrop, crops);
  await manager.update(ApplicantCheck, { id: check.id }, { evidence: evidence as never });
  return true;
}

const BATCH = 100;

/**
 * Moves the face crops that checks written by older versions carry in their evidence as
 * data URLs into face_crops (encrypted under the data key), rewriting the evidence to
 * name them by id; the checks to move were listed by the FaceCrops migration. Runs at
 * start once the data key is loaded (the migration cannot encrypt). On SQLite the
 * rewritten evidence's old bytes are overwritten with zeros (every connection runs with
 * secure_delete, data-source-options.ts) instead of staying in the file's free pages.
 * Interrupted, it resumes; several processes may run it
 * at once (each check is claimed). Returns how many checks it rewrote.
 */
export async function moveEvidenceCrops(dataSource: DataSource): Promise<number> {
  const moves = dataSource.getRepository(FaceCropMove);
  if (!(await moves.exists())) return 0;
  let moved = 0;
  for (;;) {
    const batch = await moves.find({ select: { checkId: true }, order: { checkId: 'ASC' }, take: BATCH });
    if (batch.length === 0) break;
    await dataSource.transaction(async (manager) => {
      for (const { checkId } of batch) if (await moveOne(manager, checkId)) moved++;
    });
  }
  return moved;
}
