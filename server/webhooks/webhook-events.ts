/** Events about an applicant, sent to the owner of the applicant's organization. */
export const APPLICANT_EVENT_TYPES = [
  'applicant.submitted',
  'applicant.prechecked',
  'applicant.decided',
  'applicant.on_hold',
  'applicant.reset',
  'applicant.updated',
  /** Ongoing monitoring found a verified applicant on a sanctions list it was not on before (the applicant is put on hold too). */
  'applicant.screening_hit',
  /** Staff asked the end user to redo one step; `resubmission.step` names it, `label` says why. */
  'applicant.resubmission_requested',
  /** A later applicant's selfie has the face of this applicant, already decided; `duplicate.userId` names the later one (the status stays). */
  'applicant.duplicate_found',
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
  /** Set when the organization's verification policy decided (which rule, and why), or when staff approved past the applicant's risks (the written reason, the risks' codes). */
  decision?: { automatic: true; rule: string; reason: string } | { automatic: false; overrideReason: string; risks: string[] };
  /** Set on `applicant.screening_hit`: the new hits (list, the list's id, score) — list data, never the applicant's. */
  screening?: { hits: { list: string; externalId: string; name: string; score: number }[] };
  /** Set on a staff rejection, hold or resubmission request made with a decision label: its machine code and title. */
  label?: { code: string; title: string };
  /** Set on `applicant.resubmission_requested`: the step the end user is asked to redo. */
  resubmission?: { step: string; fields?: string[] };
  /** Set on `applicant.duplicate_found`: the later applicant with the same face (your userId), how similar, and whether its name or date of birth differs. */
  duplicate?: { userId: string; similarity: number; differentIdentity: boolean };
}

/** What an event may add to the applicant's status: the automatic decision, the new sanctions hits, the label, the step to redo, the later duplicate. */
export type ApplicantEventExtra = Pick<ApplicantEventData, 'decision' | 'screening' | 'label' | 'resubmission' | 'duplicate'>;

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
  extra: ApplicantEventExtra = {},
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
      ...extra,
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
