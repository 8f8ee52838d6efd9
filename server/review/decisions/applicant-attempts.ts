import type { AuditEvent } from '../../audit/audit-event.entity.js';
import type { FieldChange } from '../../applicants/lifecycle/transitions.js';

/** The audit actions an applicant's attempts are read from, oldest first. */
export const ATTEMPT_ACTIONS = [
  'applicant.submitted',
  'applicant.resubmission_requested',
  'applicant.decision_undone',
  'applicant.data_entered',
  'applicant.reset',
] as const;

/** A photo a resubmission replaced: the one before (kept as an earlier image) and the one after (kept, or the current photo). */
export interface PhotoChange {
  docType: string;
  side: string | null;
  before: { id: string; earlier: true };
  after: { id: string; earlier: boolean } | null;
}

export interface Attempt {
  attempt: number;
  /** The resubmission request that opened it (none for the first). */
  request: { at: string; by: string; step: string; label: string | null } | null;
  submittedAt: string | null;
  /** The data the end user changed in it: first value before, last value after. */
  changedFields: FieldChange[];
  changedPhotos: PhotoChange[];
}

interface Photo {
  id: string;
  docType: string;
  side: string | null;
}

/**
 * The applicant's attempts since its last reset, from its audit trail (requests, undone
 * requests, submissions, the data redone) and its photos (those replaced, kept by the attempt
 * they belonged to, and the current ones).
 */
export function attemptsOf(
  events: readonly Pick<AuditEvent, 'action' | 'detail' | 'actorName' | 'createdAt'>[],
  earlier: readonly (Photo & { attempt: number })[],
  current: readonly Photo[],
): Attempt[] {
  let attempts: Attempt[] = [fresh(1, null)];
  for (const event of events) {
    const detail = (event.detail ?? {}) as Record<string, unknown>;
    const last = attempts[attempts.length - 1];
    switch (event.action) {
      case 'applicant.reset':
        attempts = [fresh(1, null)];
        break;
      case 'applicant.resubmission_requested':
        attempts.push(
          fresh(typeof detail.attempt === 'number' ? detail.attempt : last.attempt + 1, {
            at: new Date(event.createdAt).toISOString(),
            by: event.actorName,
            step: String(detail.step ?? ''),
            label: typeof detail.label === 'string' ? detail.label : null,
          }),
        );
        break;
      case 'applicant.decision_undone':
        if (detail.decision === 'resubmission' && attempts.length > 1) attempts.pop();
        break;
      case 'applicant.data_entered':
        if (Array.isArray(detail.changes)) merge(last.changedFields, detail.changes as FieldChange[]);
        break;
      case 'applicant.submitted':
        last.submittedAt = new Date(event.createdAt).toISOString();
        break;
    }
  }
  for (const attempt of attempts.slice(1)) attempt.changedPhotos = photoChanges(attempt.attempt, earlier, current);
  return attempts;
}

function fresh(attempt: number, request: Attempt['request']): Attempt {
  return { attempt, request, submittedAt: null, changedFields: [], changedPhotos: [] };
}

/** Keeps each field's first value before and its last value after; a field changed back is no change. */
function merge(into: FieldChange[], changes: readonly FieldChange[]): void {
  for (const change of changes) {
    const seen = into.findIndex((candidate) => candidate.field === change.field);
    if (seen < 0) into.push({ ...change });
    else into[seen] = { ...into[seen], to: change.to };
  }
  for (let index = into.length - 1; index >= 0; index -= 1) if (into[index].from === into[index].to) into.splice(index, 1);
}

/** The photos attempt `attempt` replaced (kept under the attempt before) and what replaced them. */
function photoChanges(attempt: number, earlier: readonly (Photo & { attempt: number })[], current: readonly Photo[]): PhotoChange[] {
  const same = (a: Photo, b: Photo) => a.docType === b.docType && a.side === b.side;
  return earlier
    .filter((photo) => photo.attempt === attempt - 1)
    .map((photo) => {
      const later = earlier.find((candidate) => candidate.attempt === attempt && same(candidate, photo));
      const now = current.find((candidate) => same(candidate, photo));
      return {
        docType: photo.docType,
        side: photo.side,
        before: { id: photo.id, earlier: true as const },
        after: later ? { id: later.id, earlier: true } : now ? { id: now.id, earlier: false } : null,
      };
    });
}
