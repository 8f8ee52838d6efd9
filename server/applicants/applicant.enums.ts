export const KYC_STATUSES = ['init', 'pending', 'prechecked', 'queued', 'completed', 'onHold'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/**
 * Submitted and waiting for a reviewer: what the work queue hands out and an SLA counts.
 * Not init (nothing submitted), not pending (the end user is filling in or redoing a step),
 * not completed (decided); on hold waits for a reviewer's final decision.
 */
export const AWAITING_DECISION_STATUSES: readonly KycStatus[] = ['prechecked', 'queued', 'onHold'];

export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

/** Wire values as the spec gives them (Portuguese); the client displays 'Solteiro', not the spec's typo. */
export const MARITAL_STATUSES = ['Solteiro', 'Casado', 'Divorciado', 'Viuvo'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const DOCUMENT_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT', 'SELFIE'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const REVIEW_ANSWERS = ['approved', 'rejected'] as const;
export type ReviewAnswer = (typeof REVIEW_ANSWERS)[number];

export const REJECT_TYPES = ['final', 'resubmission'] as const;
export type RejectType = (typeof REJECT_TYPES)[number];
