import type { EntityManager } from 'typeorm';
import { ApplicantCheck } from '../applicant-check.entity.js';
import { Applicant } from '../applicant.entity.js';

/** Verdicts that put a check in the list's "flagged" column and filter. */
export const FLAGGING_VERDICTS = ['failed', 'needs-review'] as const;

/** `,a,b,` (sorted, so equal sets compare equal) or null: the form applicants.flaggedChecks stores. */
export function encodeFlaggedChecks(names: readonly string[]): string | null {
  return names.length ? `,${[...new Set(names)].sort().join(',')},` : null;
}

export function decodeFlaggedChecks(stored: string | null): string[] {
  return stored ? stored.split(',').filter(Boolean) : [];
}

/**
 * Brings applicants.flaggedChecks in step with the applicant's checks, inside the
 * transaction that wrote them. Plain UPDATE of that column only (no updatedAt or version
 * change: the flags are derived), and only when they changed.
 */
export async function refreshFlaggedChecks(manager: EntityManager, applicant: Pick<Applicant, 'id' | 'flaggedChecks'>): Promise<void> {
  const flagged = await manager
    .getRepository(ApplicantCheck)
    .createQueryBuilder('c')
    .select('c.name', 'name')
    .where('c.applicantId = :id', { id: applicant.id })
    .andWhere('c.verdict IN (:...verdicts)', { verdicts: FLAGGING_VERDICTS })
    .getRawMany<{ name: string }>();
  const encoded = encodeFlaggedChecks(flagged.map((row) => row.name));
  if (encoded === applicant.flaggedChecks) return;
  await manager
    .createQueryBuilder()
    .update(Applicant)
    .set({ flaggedChecks: encoded, updatedAt: () => '"updatedAt"' })
    .where('id = :id', { id: applicant.id })
    .execute();
}
