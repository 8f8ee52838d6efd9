/** The verification page's view of an applicant (spec §4 "KYC session status"). */
export const KYC_SESSION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type KycSessionStatus = (typeof KYC_SESSION_STATUSES)[number];

/** One status change, as it travels between replicas and down a status stream. */
export interface ApplicantStatusEvent {
  organizationId: string;
  userId: string;
  status: KycSessionStatus;
  redirectUrl: string | null;
}

export function statusKey(organizationId: string, userId: string): string {
  return `${organizationId}\u0000${userId}`;
}
