import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuditActor } from '../../audit/audit.service.js';
import { WebhookOutboxService } from '../../webhooks/webhook-outbox.service.js';
import type { Applicant } from '../../applicants/applicant.entity.js';
import { sidesOf } from '../../applicants/document-types.js';
import { ApplicantLifecycle, type ApplicantRef, type ChangeOptions } from '../../applicants/lifecycle/applicant-lifecycle.js';
import {
  decisionSnapshot,
  providerReviewStep,
  resubmissionRequestStep,
  reviewerDecisionStep,
  undoDecisionStep,
  type Decision,
  type DecisionLabelRef,
  type DecisionOverride,
  type ProviderReview,
  type ResubmissionStep,
} from '../../applicants/lifecycle/transitions.js';
import { ApplicantCheck } from '../../applicants/applicant-check.entity.js';
import { approvalRisks } from '../../policy/approval-risks.js';
import { ApplicantNote } from '../notes/applicant-note.entity.js';
import { ApplicantDecision } from './applicant-decision.entity.js';
import { DECISION_ERRORS, decisionNotFound, decisionPending, proposalNotFound } from './decisions.errors.js';
import { PendingDecision } from './pending-decision.entity.js';

/** A four-eyes proposal: the decision, its label and the proposer's note. */
export interface Proposal {
  decision: Decision;
  label: DecisionLabelRef | null;
  note: string | null;
  /** An approval's written reason for passing over the applicant's risks. */
  overrideReason: string | null;
}

/** What comes with a reviewer's decision. */
export interface ReviewerDecision {
  label: DecisionLabelRef | null;
  /** Internal; becomes a note on the applicant (never sent anywhere). */
  note: string | null;
  undoWindowMs: number;
  /** An approval's written reason for passing over the applicant's risks (required when it has any). */
  overrideReason: string | null;
  /** Four-eyes: the proposal being confirmed. */
  proposal?: { id: string; proposedById: string | null; proposedByName: string };
}

/**
 * The decision use cases of the applicant lifecycle: a reviewer's approve, reject or hold
 * (kept for undo, its webhook waiting out the window), four-eyes proposals, resubmission
 * requests, and a provider's review. Each is one change through the kernel.
 */
@Injectable()
export class DecisionChanges {
  constructor(
    private readonly lifecycle: ApplicantLifecycle,
    private readonly outbox: WebhookOutboxService,
  ) {}

  /**
   * A review decided by an external provider (Sumsub), recorded and announced like a
   * staff decision. Resolves null when the applicant does not exist here.
   */
  applyProviderReview(ref: ApplicantRef, review: ProviderReview, provider: string): Promise<Applicant | null> {
    const actor = { id: null, username: provider };
    return this.lifecycle.change(ref, { actor }, async (_applicant, { now }) => [providerReviewStep(review, provider, now)], true);
  }

  /**
   * A reviewer's approve, reject or hold, with its label and internal note: the decision
   * is kept (what it replaced, for undo within `undoWindowMs`), its webhook waits out that
   * window, and the status is announced to the end user only when it ends (the decisions'
   * release). With `proposal`, a four-eyes proposal is confirmed: it is removed and its
   * proposer recorded. Refused while another proposal awaits a second review.
   */
  async decideAsReviewer(
    ref: ApplicantRef,
    decision: Decision,
    review: ReviewerDecision,
    options: ChangeOptions,
  ): Promise<{ applicant: Applicant; decisionId: string }> {
    let decisionId = '';
    const delayed = review.undoWindowMs > 0;
    const applicant = await this.lifecycle.change(ref, delayed ? { ...options, announce: false } : options, async (applicant, { manager, now }) => {
      let noteAuthor: AuditActor = options.actor;
      if (review.proposal) {
        const removed = await manager.delete(PendingDecision, { id: review.proposal.id, applicantId: applicant.id });
        if (!removed.affected) throw proposalNotFound();
        noteAuthor = { id: review.proposal.proposedById, username: review.proposal.proposedByName };
      } else if (await manager.existsBy(PendingDecision, { applicantId: applicant.id })) {
        throw decisionPending();
      }
      const step = reviewerDecisionStep(applicant, decision, now, {
        label: review.label,
        proposedBy: review.proposal?.proposedByName ?? null,
        noted: review.note !== null,
        override: await overrideOf(manager, applicant, decision, review.overrideReason),
      });
      decisionId = await recordDecision(manager, applicant, options.actor, now, delayed, {
        kind: decision.kind,
        labelId: step.changes.decisionLabelId ?? null,
        proposedByName: review.proposal?.proposedByName ?? null,
        previous: decisionSnapshot(applicant),
      });
      if (review.note) await insertNote(manager, applicant.id, noteAuthor, review.note, decision.kind, now);
      return [{ ...step, eventNotBefore: new Date(now.getTime() + review.undoWindowMs) }];
    });
    return { applicant, decisionId };
  }

  /**
   * Undoes a reviewer's decision within its window: the applicant returns to exactly what
   * it replaced (version + 1), the decision's webhook — still waiting out the window — is
   * withdrawn from the outbox, so it is never delivered. Audited as applicant.decision_undone.
   */
  undoDecision(ref: ApplicantRef, decisionId: string, undoWindowMs: number, options: ChangeOptions): Promise<Applicant> {
    return this.lifecycle.change(ref, { ...options, announce: false }, async (applicant, { manager, now }) => {
      const record = await manager.findOneBy(ApplicantDecision, { id: decisionId, applicantId: applicant.id });
      if (!record) throw decisionNotFound();
      if (record.undoneAt) throw DECISION_ERRORS.error('DECISION_ALREADY_UNDONE');
      if (now.getTime() - new Date(record.decidedAt).getTime() >= undoWindowMs) throw DECISION_ERRORS.error('UNDO_WINDOW_OVER');
      if (applicant.version !== record.version) throw DECISION_ERRORS.error('DECISION_SUPERSEDED');
      const cancelled = await this.outbox.withdraw(manager, applicant, { createdSince: record.decidedAt });
      await manager.update(ApplicantDecision, { id: record.id }, { undoneAt: now, releasedAt: now });
      return [undoDecisionStep(record.previous, { decision: record.kind, decidedBy: record.actorName, webhooksCancelled: cancelled })];
    });
  }

  /** Four-eyes: records a proposed decision awaiting a different member's confirmation; nothing is sent to the integrator. */
  proposeDecision(ref: ApplicantRef, proposal: Proposal, options: ChangeOptions): Promise<Applicant> {
    return this.lifecycle.change(ref, { ...options, announce: false }, async (applicant, { manager, now }) => {
      if (await manager.existsBy(PendingDecision, { applicantId: applicant.id })) throw decisionPending();
      const override = await overrideOf(manager, applicant, proposal.decision, proposal.overrideReason);
      await manager.insert(PendingDecision, {
        applicantId: applicant.id,
        kind: proposal.decision.kind,
        labelId: proposal.label?.id ?? null,
        // An approval's reason is its override reason.
        reason: proposal.decision.kind === 'approve' ? (override?.reason ?? null) : (proposal.decision.reason ?? null),
        rejectType: proposal.decision.kind === 'reject' ? proposal.decision.rejectType : null,
        note: proposal.note,
        proposedById: options.actor.id,
        proposedByName: options.actor.username.slice(0, 64),
        proposedAt: now,
      });
      const detail = {
        decision: proposal.decision.kind,
        ...(proposal.label ? { label: proposal.label.code } : {}),
        ...(proposal.note ? { noted: true } : {}),
        ...(override ? { override } : {}),
      };
      return [{ changes: {}, audit: { action: 'applicant.decision_proposed', detail } }];
    });
  }

  /** Four-eyes: a second reviewer declines the proposed decision; the applicant stays as it was. */
  declineProposal(ref: ApplicantRef, proposalId: string, options: ChangeOptions): Promise<Applicant> {
    return this.lifecycle.change(ref, { ...options, announce: false }, async (applicant, { manager }) => {
      const pending = await manager.findOneBy(PendingDecision, { id: proposalId, applicantId: applicant.id });
      if (!pending) throw proposalNotFound();
      await manager.delete(PendingDecision, { id: pending.id });
      return [{ changes: {}, audit: { action: 'applicant.decision_declined', detail: { decision: pending.kind, proposedBy: pending.proposedByName } } }];
    });
  }

  /**
   * Asks the end user to redo one step: pending again for that step only (the other
   * photos and data stay), older links and widget tokens revoked, the integrator told
   * with `applicant.resubmission_requested`. A proposal awaiting review is dropped.
   */
  async requestResubmission(
    ref: ApplicantRef,
    request: { step: ResubmissionStep; label: DecisionLabelRef; note: string | null; undoWindowMs: number; fields?: readonly string[] },
    options: ChangeOptions,
  ): Promise<{ applicant: Applicant; decisionId: string }> {
    let decisionId = '';
    const delayed = request.undoWindowMs > 0;
    const applicant = await this.lifecycle.change(ref, delayed ? { ...options, announce: false } : options, async (applicant, { manager, now }) => {
      if (applicant.kycStatus === 'init' || !applicant.submittedAt) throw DECISION_ERRORS.error('NOT_SUBMITTED');
      if (request.step === 'document-back' && !sidesOf(applicant.documentType)?.includes('back')) throw DECISION_ERRORS.error('STEP_NOT_APPLICABLE');
      await manager.delete(PendingDecision, { applicantId: applicant.id });
      decisionId = await recordDecision(manager, applicant, options.actor, now, delayed, {
        kind: 'resubmission',
        labelId: request.label.id,
        proposedByName: null,
        previous: { ...decisionSnapshot(applicant), attempt: applicant.attempt, sessionGeneration: applicant.sessionGeneration },
      });
      if (request.note) await insertNote(manager, applicant.id, options.actor, request.note, 'resubmission', now);
      return [
        {
          ...resubmissionRequestStep(applicant, request.step, request.label, now, request.note !== null, request.fields),
          eventNotBefore: new Date(now.getTime() + request.undoWindowMs),
        },
      ];
    });
    return { applicant, decisionId };
  }
}

/**
 * What an approval passes over, read in the decision's own transaction: null when nothing
 * is flagged (or it is no approval); refused without a written reason when something is.
 */
async function overrideOf(manager: EntityManager, applicant: Applicant, decision: Decision, reason: string | null): Promise<DecisionOverride | null> {
  if (decision.kind !== 'approve') return null;
  const risks = approvalRisks(await manager.findBy(ApplicantCheck, { applicantId: applicant.id }));
  if (risks.length === 0) return null;
  if (!reason) throw DECISION_ERRORS.error('OVERRIDE_REASON_REQUIRED');
  return { reason, risks: [...new Set(risks.map((risk) => risk.code))] };
}

/** Keeps a reviewer's decision (what it replaced, for undo); released at once unless it waits out an undo window. Resolves with its id. */
async function recordDecision(
  manager: EntityManager,
  applicant: Applicant,
  actor: AuditActor,
  now: Date,
  delayed: boolean,
  decision: Pick<ApplicantDecision, 'kind' | 'labelId' | 'proposedByName' | 'previous'>,
): Promise<string> {
  const record = await manager.save(
    manager.create(ApplicantDecision, {
      ...decision,
      applicantId: applicant.id,
      organizationId: applicant.organizationId,
      actorId: actor.id,
      actorName: actor.username.slice(0, 64),
      version: applicant.version + 1,
      decidedAt: now,
      undoneAt: null,
      releasedAt: delayed ? null : now,
    }),
  );
  return record.id;
}

async function insertNote(manager: EntityManager, applicantId: string, author: AuditActor, text: string, decision: string, now: Date): Promise<void> {
  await manager.insert(ApplicantNote, {
    applicantId,
    authorId: author.id,
    authorName: author.username.slice(0, 64),
    text,
    decision,
    createdAt: now,
    editedAt: null,
  });
}

/**
 * After a resubmission request the verification page takes only the step asked for:
 * the photo of that document side or the selfie, or the personal data.
 */
export function requireRequestedStep(
  applicant: Pick<Applicant, 'resubmissionStep' | 'documentType'>,
  upload: { docType: string; side: string | null } | 'personal-data',
): void {
  const step = applicant.resubmissionStep;
  if (!step) return;
  const allowed =
    upload === 'personal-data'
      ? step === 'personal-data'
      : upload.docType === 'SELFIE'
        ? step === 'selfie'
        : upload.docType === applicant.documentType && step === `document-${upload.side}`;
  if (!allowed) throw DECISION_ERRORS.error('STEP_NOT_REQUESTED');
}
