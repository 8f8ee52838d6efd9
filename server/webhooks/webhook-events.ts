/** Events about an applicant, sent to the owner of the applicant's organization. */
export const APPLICANT_EVENT_TYPES = [
  'applicant.submitted',
  'applicant.prechecked',
  'applicant.decided',
  'applicant.on_hold',
  'applicant.reset',
  'applicant.updated',
] as const;
export type ApplicantEventType = (typeof APPLICANT_EVENT_TYPES)[number];

export const TEST_EVENT_TYPE = 'webhook.test';
export const WEBHOOK_EVENT_TYPES = [...APPLICANT_EVENT_TYPES, TEST_EVENT_TYPE] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What an applicant event may tell: status only — never identity data or images. */
export interface ApplicantSnapshot {
  userId: string;
  kycStatus: string;
  documentType: string | null;
  reviewAnswer: string | null;
  rejectType: string | null;
  rejectReason: string | null;
}

export interface ApplicantEventData {
  organizationId: string;
  userId: string;
  kycStatus: string;
  documentType: string | null;
  reviewAnswer: string | null;
  rejectType: string | null;
  rejectReason: string | null;
}

/** The Standard Webhooks body: `{ type, timestamp, data }`. */
export interface WebhookBody<T> {
  type: WebhookEventType;
  timestamp: string;
  data: T;
}

export function applicantEventBody(
  type: ApplicantEventType,
  at: Date,
  organizationId: string,
  applicant: ApplicantSnapshot,
): WebhookBody<ApplicantEventData> {
  return {
    type,
    timestamp: at.toISOString(),
    data: {
      organizationId,
      userId: applicant.userId,
      kycStatus: applicant.kycStatus,
      documentType: applicant.documentType ?? null,
      reviewAnswer: applicant.reviewAnswer ?? null,
      rejectType: applicant.rejectType ?? null,
      rejectReason: applicant.rejectReason ?? null,
    },
  };
}

export function testEventBody(at: Date): WebhookBody<{ message: string }> {
  return {
    type: TEST_EVENT_TYPE,
    timestamp: at.toISOString(),
    data: { message: 'This is a test event from your KYC platform account.' },
  };
}
