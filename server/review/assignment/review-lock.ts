/** How long opening a case (or taking it with next-unassigned) holds it for the reviewer. */
export const REVIEW_LOCK_MINUTES = 20;

/** The lock in force: REVIEW_LOCK_MINUTES, unless REVIEW_LOCK_MINUTES in the environment sets another (1–1440). */
export function reviewLockMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.REVIEW_LOCK_MINUTES;
  if (raw === undefined || raw === '') return REVIEW_LOCK_MINUTES * 60_000;
  const minutes = Number(raw);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) throw new Error('REVIEW_LOCK_MINUTES must be a whole number of minutes from 1 to 1440');
  return minutes * 60_000;
}
