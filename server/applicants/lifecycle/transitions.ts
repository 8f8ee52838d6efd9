import type { AuditAction } from '../../audit/audit-actions.js';
import type { ApplicantEventExtra, ApplicantEventType } from '../../webhooks/webhook-events.js';
import { IDENTITY_FIELDS } from '../applicant-fields.js';
import type { Applicant } from '../applicant.entity.js';
import { APPLICANT_ERRORS } from '../applicants.errors.js';
import type { KycStatus, RejectType, ReviewAnswer } from '../applicant.enums.js';

/** What a change may set on an applicant (never its identity within the organization). */
export type ApplicantChanges = Partial<Omit<Applicant, 'id' | 'organizationId' | 'organization' | 'userId' | 'createdAt' | 'updatedAt' | 'version'>>;

/** One write of a change, with what the audit trail and the webhook say about it. */
export interface LifecycleStep {
  changes: ApplicantChanges;
  audit?: { action: AuditAction; detail: Record<string, unknown> };
  event?: ApplicantEventType;
  /** Added to the event's data (an automatic decision's rule, new sanctions hits). */
  eventExtra?: ApplicantEventExtra;
  /** The event is not sent before then (a staff decision waits out its undo window). */
  eventNotBefore?: Date;
}

export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string; rejectType: RejectType } | { kind: 'hold'; reason?: string };

/** A provider's review (Sumsub): its status values are exactly the kycStatus enum. */
export interface ProviderReview {
  kycStatus: KycStatus;
  reviewAnswer: ReviewAnswer | null;
  rejectType: RejectType | null;
  rejectReason: string | null;
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

const REVIEW_CLEARED = { reviewAnswer: null, rejectType: null, rejectReason: null } as const;
/** A decision without a label (automatic, a provider's, an old integrator's) leaves no earlier label behind. */
const NO_LABEL = { decisionLabelId: null } as const;

/** The statuses a decision sets (approve/reject: completed; hold: onHold); the staff edit never sets them. */
export const DECISION_STATUSES: readonly KycStatus[] = ['completed', 'onHold'];

/** Where a decided applicant whose identity data staff changed goes: back to the reviewers. */
export const REOPENED_STATUS: KycStatus = 'queued';

/**
 * Staff edit: only the fields that differ are written and recorded; a review answer only
 * describes a completed applicant. Changing the identity of a completed applicant
 * re-opens it (queued, no review answer, no label): what was decided is not what is now
 * stored. A new decision status (DECISION_STATUSES) is refused with STATUS_IS_A_DECISION.
 */
export function editStep(applicant: Applicant, wanted: ApplicantChanges): LifecycleStep {
  if (wanted.kycStatus !== undefined && wanted.kycStatus !== applicant.kycStatus && DECISION_STATUSES.includes(wanted.kycStatus)) {
    throw APPLICANT_ERRORS.error('STATUS_IS_A_DECISION');
  }
  const target: ApplicantChanges = { ...wanted };
  // The status it already has is no change of status (a form sending every field).
  if (target.kycStatus === applicant.kycStatus) delete target.kycStatus;
  const identityChanged = fieldChanges(applicant, wanted).some(({ field }) => IDENTITY_FIELD_SET.has(field));
  if (target.kycStatus === undefined && identityChanged && applicant.kycStatus === 'completed') target.kycStatus = REOPENED_STATUS;
  if (target.kycStatus !== undefined && target.kycStatus !== 'completed') Object.assign(target, REVIEW_CLEARED);
  if (target.kycStatus !== undefined && !DECISION_STATUSES.includes(target.kycStatus)) Object.assign(target, NO_LABEL);
  const changes = fieldChanges(applicant, target);
  if (changes.length === 0) return { changes: {} };
  return {
    changes: Object.fromEntries(changes.map(({ field }) => [field, target[field as keyof ApplicantChanges]])),
    audit: { action: 'applicant.updated', detail: { changes } },
    event: 'applicant.updated',
  };
}

/** The step takes a decided applicant (completed or on hold) out of its decision. */
export function undecides(applicant: Applicant, step: LifecycleStep): boolean {
  const status = step.changes.kycStatus;
  return DECISION_STATUSES.includes(applicant.kycStatus) && status !== undefined && !DECISION_STATUSES.includes(status);
}

/** Back to the start (staff's reset), with the reviewer's reason in the audit entry (never in the webhook). */
export function resetStep(applicant: Applicant, imagesRemoved: number, reason: string): LifecycleStep {
  return {
    changes: {
      ...Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, null])),
      ...REVIEW_CLEARED,
      kycStatus: 'init',
      documentType: null,
      documentData: null,
      submittedAt: null,
      decidedAt: null,
      // Every verification session and widget token of the applicant ends with a reset.
      sessionGeneration: applicant.sessionGeneration + 1,
      dataSessionId: null,
      decisionLabelId: null,
      resubmissionStep: null,
      resubmissionFields: null,
      attempt: 1,
    },
    audit: { action: 'applicant.reset', detail: { previousStatus: applicant.kycStatus, imagesRemoved, reason } },
    event: 'applicant.reset',
  };
}

/** Approve or reject (kycStatus completed with a review answer) or hold (onHold); each sets decidedAt. */
export function decisionStep(applicant: Applicant, decision: Decision, decidedAt: Date): LifecycleStep {
  const previousStatus = applicant.kycStatus;
  switch (decision.kind) {
    case 'approve':
      return {
        changes: { kycStatus: 'completed', ...REVIEW_CLEARED, ...NO_LABEL, reviewAnswer: 'approved', decidedAt },
        audit: { action: 'applicant.approved', detail: { previousStatus } },
        event: 'applicant.decided',
      };
    case 'reject':
      return {
        changes: { kycStatus: 'completed', ...NO_LABEL, reviewAnswer: 'rejected', rejectType: decision.rejectType, rejectReason: decision.reason, decidedAt },
        audit: { action: 'applicant.rejected', detail: { previousStatus, reason: decision.reason, rejectType: decision.rejectType } },
        event: 'applicant.decided',
      };
    case 'hold':
      return {
        changes: { kycStatus: 'onHold', ...REVIEW_CLEARED, ...NO_LABEL, decidedAt },
        audit: { action: 'applicant.held', detail: { previousStatus, reason: decision.reason ?? null } },
        event: 'applicant.on_hold',
      };
  }
}

export function providerReviewStep(review: ProviderReview, provider: string, now: Date): LifecycleStep {
  const decided = review.kycStatus === 'completed' || review.kycStatus === 'onHold';
  return {
    changes: {
      ...review,
      ...NO_LABEL,
      ...(decided ? { decidedAt: now } : {}),
      ...(review.kycStatus === 'pending' ? { submittedAt: now } : {}),
    },
    audit: { action: providerAuditAction(review), detail: { provider, kycStatus: review.kycStatus, reason: review.rejectReason } },
    event: providerEventType(review),
  };
}

/** The first step taken on the verification page (or a resubmission started) makes the applicant pending. */
export function restartStep(applicant: Applicant): LifecycleStep {
  if (applicant.kycStatus === 'pending') return { changes: {} };
  return { changes: { kycStatus: 'pending', ...REVIEW_CLEARED, ...NO_LABEL } };
}

function providerAuditAction(review: ProviderReview): AuditAction {
  if (review.reviewAnswer === 'approved') return 'applicant.approved';
  if (review.reviewAnswer === 'rejected') return 'applicant.rejected';
  return review.kycStatus === 'onHold' ? 'applicant.held' : 'applicant.updated';
}

function providerEventType(review: ProviderReview): ApplicantEventType {
  if (review.reviewAnswer) return 'applicant.decided';
  const byStatus: Partial<Record<KycStatus, ApplicantEventType>> = {
    onHold: 'applicant.on_hold',
    pending: 'applicant.submitted',
    prechecked: 'applicant.prechecked',
  };
  return byStatus[review.kycStatus] ?? 'applicant.updated';
}

/** The fields whose wanted value differs from the stored one, as { field, from, to }. */
/** Each field `wanted` changes, with the value it had and the one it gets. */
export function fieldChanges(applicant: Applicant, wanted: ApplicantChanges): FieldChange[] {
  return Object.entries(wanted)
    .filter(([field, value]) => applicant[field as keyof Applicant] !== value)
    .map(([field, to]) => ({ field, from: applicant[field as keyof Applicant] ?? null, to }));
}

const IDENTITY_FIELD_SET: ReadonlySet<string> = new Set(IDENTITY_FIELDS);
/** What a reset leaves of an identity value in an earlier applicant.updated entry. */
export const REDACTED_VALUE = '[erased]';

/**
 * An applicant.updated entry's detail with the identity values (from and to) redacted,
 * status and review fields kept; undefined when it held none.
 */
export function withoutIdentityValues(detail: unknown): Record<string, unknown> | undefined {
  if (!detail || typeof detail !== 'object') return undefined;
  const changes = (detail as { changes?: unknown }).changes;
  if (!Array.isArray(changes)) return undefined;
  let redacted = false;
  const kept = changes.map((change: FieldChange) => {
    if (!IDENTITY_FIELD_SET.has(change.field) || (change.from === REDACTED_VALUE && change.to === REDACTED_VALUE)) return change;
    redacted = true;
    return { field: change.field, from: REDACTED_VALUE, to: REDACTED_VALUE };
  });
  return redacted ? { ...detail, changes: kept } : undefined;
}

/** The label a reviewer chose: its id is kept on the applicant, its code and title go to the webhook. */
export interface DecisionLabelRef {
  id: string;
  code: string;
  title: string;
}

export const RESUBMISSION_STEPS = ['document-front', 'document-back', 'selfie', 'personal-data'] as const;
export type ResubmissionStep = (typeof RESUBMISSION_STEPS)[number];

/** What a staff decision replaced; undo puts exactly this back. */
export interface DecisionSnapshot {
  kycStatus: KycStatus;
  reviewAnswer: ReviewAnswer | null;
  rejectType: RejectType | null;
  rejectReason: string | null;
  decidedAt: string | null;
  decisionLabelId: string | null;
  resubmissionStep: string | null;
  resubmissionFields?: string[] | null;
  /** Kept by a resubmission request, which also moves these: its undo puts them back (older links work again). */
  attempt?: number;
  sessionGeneration?: number;
}

export function decisionSnapshot(applicant: Applicant): DecisionSnapshot {
  return {
    kycStatus: applicant.kycStatus,
    reviewAnswer: applicant.reviewAnswer,
    rejectType: applicant.rejectType,
    rejectReason: applicant.rejectReason,
    decidedAt: applicant.decidedAt ? new Date(applicant.decidedAt).toISOString() : null,
    decisionLabelId: applicant.decisionLabelId,
    resubmissionStep: applicant.resubmissionStep,
    resubmissionFields: applicant.resubmissionFields,
  };
}

/**
 * A reviewer's decision with its label: the label is kept on the applicant (the
 * verification page shows its end-user text) and its code and title go to the webhook.
 * The audit entry says whether a note came with it, never the note.
 */
export function reviewerDecisionStep(
  applicant: Applicant,
  decision: Decision,
  decidedAt: Date,
  review: { label: DecisionLabelRef | null; proposedBy: string | null; noted: boolean; override?: DecisionOverride | null },
): LifecycleStep {
  const step = decisionStep(applicant, decision, decidedAt);
  const label = decision.kind === 'approve' ? null : review.label;
  const override = decision.kind === 'approve' ? review.override : null;
  const eventExtra = {
    ...(label ? { label: { code: label.code, title: label.title } } : {}),
    ...(override ? { decision: { automatic: false as const, overrideReason: override.reason, risks: override.risks } } : {}),
  };
  return {
    ...step,
    changes: { ...step.changes, decisionLabelId: label?.id ?? null, resubmissionStep: null, resubmissionFields: null },
    audit: {
      action: step.audit!.action,
      detail: {
        ...step.audit!.detail,
        ...(label ? { label: label.code } : {}),
        ...(review.proposedBy ? { proposedBy: review.proposedBy } : {}),
        ...(review.noted ? { noted: true } : {}),
        ...(override ? { override: { reason: override.reason, risks: override.risks } } : {}),
      },
    },
    ...(Object.keys(eventExtra).length > 0 ? { eventExtra } : {}),
  };
}

/** An approval past the applicant's risks: the reviewer's written reason and the risks' codes (policy/approval-risks.ts). */
export interface DecisionOverride {
  reason: string;
  risks: string[];
}

/** Back to pending for one step: the other steps' data and photos stay; older session links and widget tokens stop working. */
export function resubmissionRequestStep(
  applicant: Applicant,
  step: ResubmissionStep,
  label: DecisionLabelRef,
  now: Date,
  noted: boolean,
  fields: readonly string[] = [],
): LifecycleStep {
  const attempt = applicant.attempt + 1;
  const named = fields.length > 0 ? { fields: [...fields] } : {};
  return {
    changes: {
      kycStatus: 'pending',
      ...REVIEW_CLEARED,
      decidedAt: now,
      decisionLabelId: label.id,
      resubmissionStep: step,
      resubmissionFields: named.fields ?? null,
      attempt,
      sessionGeneration: applicant.sessionGeneration + 1,
    },
    audit: {
      action: 'applicant.resubmission_requested',
      detail: { previousStatus: applicant.kycStatus, step, ...named, label: label.code, attempt, ...(noted ? { noted: true } : {}) },
    },
    event: 'applicant.resubmission_requested',
    eventExtra: { resubmission: { step, ...named }, label: { code: label.code, title: label.title } },
  };
}

/** Undo: the applicant returns to exactly what the decision replaced. */
export function undoDecisionStep(previous: DecisionSnapshot, undone: { decision: string; decidedBy: string; webhooksCancelled: number }): LifecycleStep {
  return {
    changes: { ...previous, decidedAt: previous.decidedAt ? new Date(previous.decidedAt) : null },
    audit: { action: 'applicant.decision_undone', detail: { ...undone, restoredStatus: previous.kycStatus } },
  };
}
