import type { ApplicantListItemDto } from '../../../api/generated/types.gen';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Submitted and waiting for a reviewer (the server's AWAITING_DECISION_STATUSES): what an SLA counts. */
const AWAITING_DECISION: readonly ApplicantListItemDto['kycStatus'][] = ['prechecked', 'queued', 'onHold'];

/** A wait, short: "12 min", "5 h", "3 d 4 h". */
export function formatAge(ms: number): string {
  if (ms < HOUR) return `${Math.max(0, Math.floor(ms / MINUTE))} min`;
  if (ms < 2 * DAY) return `${Math.floor(ms / HOUR)} h`;
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms - days * DAY) / HOUR);
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

/** Awaiting a decision for longer than the organization's SLA (never without one, nor once decided). */
export function breachesSla(applicant: Pick<ApplicantListItemDto, 'kycStatus' | 'submittedAt'>, slaHours: number | null, now: number): boolean {
  if (slaHours === null || !applicant.submittedAt || !AWAITING_DECISION.includes(applicant.kycStatus)) return false;
  return now - new Date(applicant.submittedAt).getTime() > slaHours * HOUR;
}
