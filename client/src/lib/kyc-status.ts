import type { ApplicantListItemDto } from '../api/generated/types.gen';
import { CHART_COLORS } from '../config/constants';

export type KycStatus = ApplicantListItemDto['kycStatus'];

/** The lifecycle order, used wherever statuses are listed together. */
export const KYC_STATUSES: readonly KycStatus[] = ['init', 'pending', 'prechecked', 'queued', 'completed', 'onHold'];

export const KYC_STATUS_LABELS: Readonly<Record<KycStatus, string>> = {
  init: 'Initial',
  pending: 'Pending',
  prechecked: 'Pre-checked',
  queued: 'Queued',
  completed: 'Completed',
  onHold: 'On Hold',
};

/**
 * One colour per status, shared by badges and charts so a status looks the same
 * everywhere: greens for progress, pinks for what still needs a person.
 */
export const KYC_STATUS_COLORS: Readonly<Record<KycStatus, string>> = {
  init: CHART_COLORS[7],
  pending: CHART_COLORS[8],
  prechecked: CHART_COLORS[2],
  queued: CHART_COLORS[3],
  completed: CHART_COLORS[1],
  onHold: CHART_COLORS[9],
};

export function isKycStatus(value: unknown): value is KycStatus {
  return typeof value === 'string' && (KYC_STATUSES as readonly string[]).includes(value);
}

/** The display label; an unknown value (a newer server) is shown as it is. */
export function kycStatusLabel(status: string): string {
  return isKycStatus(status) ? KYC_STATUS_LABELS[status] : status;
}
