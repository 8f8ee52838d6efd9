import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, MoreThan, MoreThanOrEqual, Not, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { AuditActor } from '../../audit/audit.service.js';
import { AuditService } from '../../audit/audit.service.js';
import { Clock } from '../../common/clock.js';
import { identifyImage } from '../../common/image-upload.js';
import { supportsRowLocks } from '../../database/transaction.js';
import type { QualityMeasures } from '../../document-reading/index.js';
import { WebhookEvent } from '../../webhooks/webhook-event.entity.js';
import { WebhookOutboxService } from '../../webhooks/webhook-outbox.service.js';
import { ApplicantDecision } from '../decisions/applicant-decision.entity.js';
import { DECISION_ERRORS, decisionNotFound, decisionPending, proposalNotFound } from '../decisions/decisions.errors.js';
import { PendingDecision } from '../decisions/pending-decision.entity.js';
import { SupersededImage } from '../decisions/superseded-image.entity.js';
import { ApplicantNote } from '../notes/applicant-note.entity.js';
import { AnalysisJob } from '../analysis/analysis-job.entity.js';
import { AnalysisJobs } from '../analysis/analysis-jobs.service.js';
import { documentAnalysisChecks, type DocumentAnalysisOutcome } from '../analysis/document-checks.js';
import { ApplicantCheck, type AnalysisCheck } from '../applicant-check.entity.js';
import { refreshFlaggedChecks } from '../list/flagged-checks.js';
import { ApplicantImage } from '../applicant-image.entity.js';
import { ApplicantFace } from '../faces/applicant-face.entity.js';
import { FaceCrop, type NewFaceCrop } from '../faces/face-crop.entity.js';
import { ApplicantStatusPublisher } from '../applicant-status.publisher.js';
import { Applicant } from '../applicant.entity.js';
import { alreadySubmitted, applicantChanged, applicantNotFound, screeningHitNotFound, verificationIncomplete } from '../applicants.errors.js';
import { sidesOf } from '../document-types.js';
import { AuditEvent } from '../../audit/audit-event.entity.js';
import type { PolicyDecision } from '../policy/policy.js';
import {
  newHits,
  outcomeOf,
  screeningCheck,
  SCREENING_CHECK,
  type HitVerdict,
  type ScreeningHitRecord,
  type ScreeningOutcome,
  type StoredHitReview,
} from '../screening/screening-check.js';
import { ScreeningHitReview } from '../screening/screening-hit-review.entity.js';
import { runPrechecks } from './prechecks.js';
import {
  decisionStep,
  editStep,
  providerReviewStep,
  resetStep,
  withoutIdentityValues,
  restartStep,
  decisionSnapshot,
  resubmissionRequestStep,
  reviewerDecisionStep,
  undoDecisionStep,
  undecides,
  type ApplicantChanges,
  type Decision,
  type DecisionLabelRef,
  type ResubmissionStep,
  type LifecycleStep,
  type ProviderReview,
} from './transitions.js';

/** An applicant addressed by the integrator's id within its organization. */
export interface ApplicantRef {
  organizationId: string;
  userId: string;
}

type Locator = ApplicantRef | { id: string };

export interface NewImage {
  docType: string;
  side: string | null;
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
  /** Measured at upload (document photos). */
  quality: QualityMeasures | null;
}

interface ChangeOptions {
  actor: AuditActor;
  /** The version the caller saw; when given and stale, the change is refused with 409 APPLICANT_CHANGED. */
  expectedVersion?: number;
  /** Announce the resulting status on the live status streams (default true). */
  announce?: boolean;
  /** Added to every audit entry of the change: who did it, e.g. { sessionId, ip } on the verification page. */
  context?: Record<string, unknown>;
}

/** A verification-page change: made in one session, from one address. */
export interface SessionContext {
  sessionId: string;
  ip: string | undefined;
}

interface Plan {
  manager: EntityManager;
  now: Date;
}

/** The end user going through the verification page has no account; the audit trail names them so. */
/** Which organizations an abandoned-applicants pass covers: one, or every one but those listed. */
export interface AbandonedScope {
  organizationId?: string;
  exceptOrganizationIds?: readonly string[];
}

export const APPLICANT_ACTOR: AuditActor = { id: null, username: 'applicant' };
/** The automatic document analysis. */
const ANALYSIS_ACTOR: AuditActor = { id: null, username: 'analysis' };
/** The analysis jobs queued at submission: reading the document, and the faces. */
export const DOCUMENT_ANALYSIS = 'document';
export const FACE_ANALYSIS = 'face';
/** Screening the declared identity against the sanctions lists, queued at submission too. */
export const SCREENING_ANALYSIS = 'screening';
/** The analyses of a submission: the verification policy decides when all of them are in. */
export const SUBMISSION_ANALYSES: readonly string[] = [DOCUMENT_ANALYSIS, FACE_ANALYSIS, SCREENING_ANALYSIS];
/** Ongoing monitoring: a verified applicant screened again after a list changed (not part of a submission). */
export const RESCREENING = 'rescreening';

/** Ongoing sanctions monitoring, and the organization's verification policy. */
const MONITORING_ACTOR: AuditActor = { id: null, username: 'monitoring' };
const POLICY_ACTOR: AuditActor = { id: null, username: 'policy' };
/** The retention rules (abandoned verifications, an organization's retention policy). */
export const RETENTION_ACTOR: AuditActor = { id: null, username: 'retention' };

/** The scheduled clean-up of abandoned verifications. */

/**
 * The one door through which an applicant's status, review answer, identity data and
 * photos change. Each change: locks the row (a row lock on PostgreSQL, the transaction
 * gate on SQLite), checks the caller's version when given, writes with the injected
 * clock, records the audit entries and the webhook outbox rows in the same
 * transaction, and announces the new status on the status bus after commit.
 */
@Injectable()
export class ApplicantLifecycle {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly outbox: WebhookOutboxService,
    private readonly statuses: ApplicantStatusPublisher,
    private readonly analysisJobs: AnalysisJobs,
  ) {}

  /** The applicant the verification page works on, created (kycStatus init) when new. */
  async open(ref: ApplicantRef): Promise<Applicant> {
    const repository = this.dataSource.getRepository(Applicant);
    const existing = await repository.findOneBy(ref);
    if (existing) return existing;
    try {
      return await repository.save(repository.create({ ...ref, kycStatus: 'init' }));
    } catch {
      // Two first requests raced on the unique (organizationId, userId): the other one created it.
      return repository.findOneByOrFail(ref);
    }
  }

  /**
   * Staff edit: sets the fields sent (null clears), recording each change as { field, from, to }.
   * An edit that takes a decided applicant out of its decision (a new identity re-opens it)
   * also removes the decision's webhook still waiting out its undo window, so the
   * integrator never hears a decision after the applicant.updated that replaced it.
   */
  edit(ref: ApplicantRef, wanted: ApplicantChanges, options: ChangeOptions): Promise<Applicant> {
    return this.change(ref, options, async (applicant, { manager, now }) => {
      const step = editStep(applicant, wanted);
      if (undecides(applicant, step)) {
        await manager.delete(WebhookEvent, {
          organizationId: applicant.organizationId,
          applicantUserId: applicant.userId,
          type: In(['applicant.decided', 'applicant.on_hold']),
          status: 'pending',
          attempts: 0,
          lockedUntil: IsNull(),
          nextAttemptAt: MoreThan(now),
        });
      }
      return [step];
    });
  }

  /** Back to the start: identity, photos and review answer gone, kycStatus init. */
  reset(ref: ApplicantRef, options: ChangeOptions): Promise<Applicant> {
    return this.change(ref, options, async (applicant, { manager }) => {
      const removed = await manager.delete(ApplicantImage, { applicantId: applicant.id });
      // Checks and analyses belonged to the submission that is gone.
      await manager.delete(ApplicantCheck, { applicantId: applicant.id });
      await manager.delete(AnalysisJob, { applicantId: applicant.id });
      await manager.delete(ApplicantFace, { applicantId: applicant.id });
      // The crops its checks showed, and the copies of its face in other applicants' checks.
      await manager.delete(FaceCrop, { applicantId: applicant.id });
      await manager.delete(FaceCrop, { faceOfApplicantId: applicant.id });
      // Earlier attempts' photos and a proposal awaiting review go with the submission.
      await manager.delete(SupersededImage, { applicantId: applicant.id });
      await manager.delete(PendingDecision, { applicantId: applicant.id });
      // The identity is gone: so are its earlier values in the edits the audit trail recorded.
      const edits = await manager.find(AuditEvent, { where: { applicantId: applicant.id, action: 'applicant.updated' }, select: { id: true, detail: true } });
      for (const edit of edits) {
        const detail = withoutIdentityValues(edit.detail);
        if (detail) await manager.update(AuditEvent, { id: edit.id }, { detail: detail as never });
      }
      return [resetStep(applicant, removed.affected ?? 0)];
    });
  }

  /**
   * Moves the applicant to a new session generation: every older verification session
   * and widget token stops working. Recorded as `action` (a session created or revoked).
   */
  advanceSessionGeneration(
    applicantId: string,
    audit: { action: 'verification.session_created' | 'verification.session_revoked'; detail: Record<string, unknown> },
    options: ChangeOptions,
  ): Promise<Applicant> {
    return this.change({ id: applicantId }, { announce: false, ...options }, async (applicant) => [
      { changes: { sessionGeneration: applicant.sessionGeneration + 1 }, audit },
    ]);
  }

  /** Approve, reject or hold. */
  decide(ref: ApplicantRef, decision: Decision, options: ChangeOptions): Promise<Applicant> {
    return this.change(ref, options, async (applicant, { now }) => [decisionStep(applicant, decision, now)]);
  }

  /**
   * A review decided by an external provider (Sumsub), recorded and announced like a
   * staff decision. Resolves null when the applicant does not exist here.
   */
  async applyProviderReview(ref: ApplicantRef, review: ProviderReview, provider: string): Promise<Applicant | null> {
    const actor = { id: null, username: provider };
    return this.change(ref, { actor }, async (_applicant, { now }) => [providerReviewStep(review, provider, now)], true);
  }

  /** One photo from the verification page; choosing another document type drops the other type's photos. */
  saveImage(applicantId: string, image: NewImage, session: SessionContext): Promise<Applicant> {
    const options = { actor: APPLICANT_ACTOR, announce: false, context: { ...session } };
    return this.change({ id: applicantId }, options, async (applicant, { manager, now }) => {
      requireEditable(applicant);
      requireRequestedStep(applicant, image);
      const isSelfie = image.docType === 'SELFIE';
      if (!isSelfie && applicant.documentType !== image.docType) {
        await manager.delete(ApplicantImage, { applicantId: applicant.id, docType: Not('SELFIE') });
      }
      await replaceImages(manager, applicant, { applicantId: applicant.id, docType: image.docType, ...(image.side ? { side: image.side } : {}) }, now);
      await manager.insert(ApplicantImage, { applicantId: applicant.id, ...image, sessionId: session.sessionId });
      const restart = restartStep(applicant);
      return [
        {
          changes: { ...restart.changes, ...(isSelfie ? {} : { documentType: image.docType }) },
          audit: { action: 'applicant.photo_uploaded', detail: { docType: image.docType, side: image.side } },
        },
      ];
    });
  }

  /**
   * The identity typed on the verification page (or prefilled by the integrator's server
   * when it created the session); only that session may read it back.
   */
  savePersonalData(applicantId: string, values: ApplicantChanges, session: SessionContext, actor: AuditActor = APPLICANT_ACTOR): Promise<Applicant> {
    return this.change({ id: applicantId }, { actor, announce: false, context: { ...session } }, async (applicant) => {
      requireEditable(applicant);
      requireRequestedStep(applicant, 'personal-data');
      const restart = restartStep(applicant);
      const entered = Object.entries(values)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([field]) => field);
      return [
        {
          changes: { ...values, ...restart.changes, dataSessionId: session.sessionId },
          audit: { action: 'applicant.data_entered', detail: { fields: entered } },
        },
      ];
    });
  }

  /**
   * Submission: pending → prechecked (each automatic check recorded) → queued for staff
   * review, each step audited and sent as a webhook; the document and face analyses are
   * queued in the same transaction.
   */
  async submit(applicantId: string, session: SessionContext): Promise<Applicant> {
    const submitted = await this.change({ id: applicantId }, { actor: APPLICANT_ACTOR, context: { ...session } }, async (applicant, { manager, now }) => {
      requireEditable(applicant);
      // Only what this session gave counts: it cannot submit photos or data it never saw (after a resubmission request: the kept ones too).
      const { images, dataFromThisSession } = await submissionEvidence(manager, applicant, session.sessionId);
      requireComplete(applicant, images, dataFromThisSession);
      const checks = runPrechecks({
        expiryDate: applicant.expiryDate,
        dateOfBirth: applicant.dateOfBirth,
        approvedElsewhere: await approvedWithSameDocument(manager, applicant),
        unreadableImages: images.filter((image) => !readable(image.data)).map((i) => `${i.docType} ${i.side ?? ''}`.trim()),
        today: now,
      });
      await manager.delete(ApplicantCheck, { applicantId: applicant.id });
      // The face stored for the duplicate search was the previous submission's selfie; the crops went with the checks.
      await manager.delete(ApplicantFace, { applicantId: applicant.id });
      await manager.delete(FaceCrop, { applicantId: applicant.id });
      await manager.insert(ApplicantCheck, checks.map((check) => ({ ...check, applicantId: applicant.id })));
      await this.analysisJobs.enqueue(manager, applicant.id, DOCUMENT_ANALYSIS);
      await this.analysisJobs.enqueue(manager, applicant.id, FACE_ANALYSIS);
      await this.analysisJobs.enqueue(manager, applicant.id, SCREENING_ANALYSIS);
      return [
        {
          changes: { kycStatus: 'pending', submittedAt: now, decidedAt: null, ...(applicant.resubmissionStep ? { resubmissionStep: null, decisionLabelId: null } : {}) },
          audit: { action: 'applicant.submitted', detail: { documentType: applicant.documentType, images: images.length } },
          event: 'applicant.submitted',
        },
        { changes: { kycStatus: 'prechecked' }, audit: { action: 'applicant.prechecked', detail: { checks } }, event: 'applicant.prechecked' },
        { changes: { kycStatus: 'queued' } },
      ];
    });
    this.analysisJobs.announce();
    return submitted;
  }

  /**
   * Records what the document analysis found: the data read (kept apart from the typed
   * data), a `document-read` check and a `data-matches-document` check with a verdict
   * per field. Without a read (unreadable, or the analysis could not run) both checks
   * ask for a person. Replaces the results of an earlier run of the same submission.
   */
  recordDocumentAnalysis(applicantId: string, outcome: DocumentAnalysisOutcome): Promise<Applicant | null> {
    return this.recordAnalysis(applicantId, (applicant) => documentAnalysisChecks(applicant, outcome), { documentData: outcome.read });
  }

  /**
   * Records the face analysis's checks (`face-match`, `liveness`, `duplicate-face`) and
   * the face crops their evidence names (encrypted rows), replacing an earlier run's. A
   * submission reset meanwhile keeps neither its checks, nor its crops, nor the face the
   * analysis stored.
   */
  recordFaceAnalysis(applicantId: string, results: readonly AnalysisCheck[], crops: readonly NewFaceCrop[] = []): Promise<Applicant | null> {
    return this.recordAnalysis(applicantId, () => results, {}, async (manager, submitted) => {
      await manager.delete(FaceCrop, { applicantId });
      if (submitted && crops.length > 0) await manager.insert(FaceCrop, crops.map((crop) => ({ ...crop })));
    });
  }

  /**
   * Records a sanctions screening of the submission (`sanctions-screening`), with the hit
   * reviews that hold for the data screened. Replaces an earlier run's check.
   */
  recordScreening(applicantId: string, outcome: ScreeningOutcome): Promise<Applicant | null> {
    return this.change({ id: applicantId }, { actor: ANALYSIS_ACTOR, announce: false }, async (applicant, { manager }) => {
      if (!applicant.submittedAt) return [];
      const check = screeningCheck(outcome, await hitReviews(manager, applicant.id));
      await this.replaceCheck(manager, applicant.id, check);
      return [{ changes: {}, audit: { action: 'applicant.analysed', detail: { checks: [{ name: check.name, verdict: check.verdict }] } } }];
    }, true);
  }

  /**
   * Ongoing monitoring: records the screening of a verified applicant after a list changed.
   * A hit not raised before (and not reviewed as a false positive for the same data) puts
   * the applicant on hold and sends `applicant.screening_hit`. Resolves with the new hits.
   */
  async recordRescreening(applicantId: string, outcome: ScreeningOutcome): Promise<ScreeningHitRecord[]> {
    let raised: ScreeningHitRecord[] = [];
    await this.change({ id: applicantId }, { actor: MONITORING_ACTOR }, async (applicant, { manager, now }) => {
      // Only verified applicants are monitored; one reset or resubmitted meanwhile is screened at its submission.
      if (applicant.reviewAnswer !== 'approved' && applicant.kycStatus !== 'onHold') return [];
      const previous = await manager.findOneBy(ApplicantCheck, { applicantId: applicant.id, name: SCREENING_CHECK });
      const check = screeningCheck(outcome, await hitReviews(manager, applicant.id));
      await this.replaceCheck(manager, applicant.id, check);
      raised = newHits(check, previous?.evidence ?? null);
      if (raised.length === 0 || applicant.kycStatus === 'onHold') {
        return [{ changes: {}, audit: { action: 'applicant.analysed', detail: { checks: [{ name: check.name, verdict: check.verdict }], monitoring: true } } }];
      }
      const hits = raised.map((hit) => ({ list: hit.list, externalId: hit.externalId, name: hit.name, score: hit.score }));
      const reason = `Sanctions screening found ${check.detail.replace(/ on the sanctions lists/, '')}`.slice(0, 1000);
      // On hold first, so that the screening_hit event shows the applicant on hold.
      return [
        decisionStep(applicant, { kind: 'hold', reason }, now),
        { changes: {}, audit: { action: 'applicant.screening_hit', detail: { hits, lists: outcome.lists } }, event: 'applicant.screening_hit', eventExtra: { screening: { hits } } },
      ];
    });
    return raised;
  }

  /**
   * A reviewer's verdict on one sanctions hit, with a note: stored for the data screened
   * (so a false positive is not raised again while that data is unchanged), audited, and
   * applied to the check at once. Resolves with the updated check.
   */
  async reviewScreeningHit(ref: ApplicantRef, review: { hitKey: string; verdict: HitVerdict; note: string }, options: ChangeOptions): Promise<ApplicantCheck> {
    let updated: ApplicantCheck | null = null;
    await this.change(ref, { ...options, announce: false }, async (applicant, { manager, now }) => {
      const check = await manager.findOneBy(ApplicantCheck, { applicantId: applicant.id, name: SCREENING_CHECK });
      const outcome = outcomeOf(check?.evidence ?? null);
      const hit = outcome?.hits.find((candidate) => candidate.key === review.hitKey);
      if (!check || !outcome || !hit || !outcome.fingerprint) throw screeningHitNotFound();
      await manager.insert(ScreeningHitReview, {
        applicantId: applicant.id,
        hitKey: hit.key,
        fingerprint: outcome.fingerprint,
        verdict: review.verdict,
        note: review.note,
        reviewedById: options.actor.id,
        reviewedByName: options.actor.username.slice(0, 64),
        createdAt: now,
      });
      const result = screeningCheck(outcome, await hitReviews(manager, applicant.id));
      updated = await manager.save(ApplicantCheck, Object.assign(check, { verdict: result.verdict, score: result.score, detail: result.detail, evidence: result.evidence }));
      return [
        {
          changes: {},
          audit: {
            action: 'applicant.screening_hit_reviewed',
            detail: { hit: hit.key, list: hit.list, entity: hit.name, score: hit.score, verdict: review.verdict, note: review.note, checkVerdict: result.verdict },
          },
        },
      ];
    });
    return updated!;
  }

  /**
   * The verification policy's decision on a submission whose analyses are all in: approve
   * or reject (as a staff decision would, naming the rule in the audit entry and the
   * webhook), or leave it queued for a person, recording the rule that did. Nothing happens
   * unless the applicant is still queued (a person, or the policy, decided first).
   */
  applyPolicyDecision(applicantId: string, decision: PolicyDecision): Promise<Applicant | null> {
    return this.change({ id: applicantId }, { actor: POLICY_ACTOR }, async (applicant, { manager, now }) => {
      if (applicant.kycStatus !== 'queued' || !applicant.submittedAt) return [];
      const policy = { automatic: true as const, rule: decision.rule, reason: decision.reason };
      if (decision.outcome === 'queue') {
        if (await alreadyQueuedBy(manager, applicant.id, decision.rule)) return [];
        return [{ changes: {}, audit: { action: 'applicant.policy_queued', detail: { rule: decision.rule, reason: decision.reason } } }];
      }
      const step = decision.outcome === 'approve'
        ? decisionStep(applicant, { kind: 'approve' }, now)
        : decisionStep(applicant, { kind: 'reject', reason: decision.reason.slice(0, 1000), rejectType: 'final' }, now);
      return [{ ...step, audit: { action: step.audit!.action, detail: { ...step.audit!.detail, ...policy } }, eventExtra: { decision: policy } }];
    }, true);
  }

  /**
   * A reviewer's approve, reject or hold, with its label and internal note: the decision
   * is kept (what it replaced, for undo within `undoWindowMs`), its webhook waits out that
   * window, and the status is announced to the end user only when it ends (the decisions'
   * release). With `proposal`, a four-eyes proposal is confirmed: it is removed and its
   * proposer recorded. Refused while another proposal awaits a second review.
   */
  async decideAsReviewer(ref: ApplicantRef, decision: Decision, review: ReviewerDecision, options: ChangeOptions): Promise<{ applicant: Applicant; decisionId: string }> {
    let decisionId = '';
    const delayed = review.undoWindowMs > 0;
    const applicant = await this.change(ref, delayed ? { ...options, announce: false } : options, async (applicant, { manager, now }) => {
      let noteAuthor: AuditActor = options.actor;
      if (review.proposal) {
        const removed = await manager.delete(PendingDecision, { id: review.proposal.id, applicantId: applicant.id });
        if (!removed.affected) throw proposalNotFound();
        noteAuthor = { id: review.proposal.proposedById, username: review.proposal.proposedByName };
      } else if (await manager.existsBy(PendingDecision, { applicantId: applicant.id })) {
        throw decisionPending();
      }
      const step = reviewerDecisionStep(applicant, decision, now, { label: review.label, proposedBy: review.proposal?.proposedByName ?? null, noted: review.note !== null });
      const record = await manager.save(
        manager.create(ApplicantDecision, {
          applicantId: applicant.id,
          organizationId: applicant.organizationId,
          kind: decision.kind,
          labelId: step.changes.decisionLabelId ?? null,
          actorId: options.actor.id,
          actorName: options.actor.username.slice(0, 64),
          proposedByName: review.proposal?.proposedByName ?? null,
          previous: decisionSnapshot(applicant),
          version: applicant.version + 1,
          decidedAt: now,
          undoneAt: null,
          releasedAt: delayed ? null : now,
        }),
      );
      decisionId = record.id;
      if (review.note) await insertNote(manager, applicant.id, noteAuthor, review.note, decision.kind, now);
      return [{ ...step, eventNotBefore: new Date(now.getTime() + review.undoWindowMs) }];
    });
    return { applicant, decisionId };
  }

  /**
   * Undoes a reviewer's decision within its window: the applicant returns to exactly what
   * it replaced (version + 1), the decision's webhook — still waiting out the window — is
   * removed from the outbox, so it is never delivered. Audited as applicant.decision_undone.
   */
  undoDecision(ref: ApplicantRef, decisionId: string, undoWindowMs: number, options: ChangeOptions): Promise<Applicant> {
    return this.change(ref, { ...options, announce: false }, async (applicant, { manager, now }) => {
      const record = await manager.findOneBy(ApplicantDecision, { id: decisionId, applicantId: applicant.id });
      if (!record) throw decisionNotFound();
      if (record.undoneAt) throw DECISION_ERRORS.error('DECISION_ALREADY_UNDONE');
      if (now.getTime() - new Date(record.decidedAt).getTime() >= undoWindowMs) throw DECISION_ERRORS.error('UNDO_WINDOW_OVER');
      if (applicant.version !== record.version) throw DECISION_ERRORS.error('DECISION_SUPERSEDED');
      const cancelled = await manager.delete(WebhookEvent, {
        organizationId: applicant.organizationId,
        applicantUserId: applicant.userId,
        status: 'pending',
        attempts: 0,
        lockedUntil: IsNull(),
        createdAt: MoreThanOrEqual(record.decidedAt),
      });
      await manager.update(ApplicantDecision, { id: record.id }, { undoneAt: now, releasedAt: now });
      return [undoDecisionStep(record.previous, { decision: record.kind, decidedBy: record.actorName, webhooksCancelled: cancelled.affected ?? 0 })];
    });
  }

  /** Four-eyes: records a proposed decision awaiting a different member's confirmation; nothing is sent to the integrator. */
  proposeDecision(ref: ApplicantRef, proposal: Proposal, options: ChangeOptions): Promise<Applicant> {
    return this.change(ref, { ...options, announce: false }, async (applicant, { manager, now }) => {
      if (await manager.existsBy(PendingDecision, { applicantId: applicant.id })) throw decisionPending();
      await manager.insert(PendingDecision, {
        applicantId: applicant.id,
        kind: proposal.decision.kind,
        labelId: proposal.label?.id ?? null,
        reason: proposal.decision.kind === 'approve' ? null : (proposal.decision.reason ?? null),
        rejectType: proposal.decision.kind === 'reject' ? proposal.decision.rejectType : null,
        note: proposal.note,
        proposedById: options.actor.id,
        proposedByName: options.actor.username.slice(0, 64),
        proposedAt: now,
      });
      const detail = { decision: proposal.decision.kind, ...(proposal.label ? { label: proposal.label.code } : {}), ...(proposal.note ? { noted: true } : {}) };
      return [{ changes: {}, audit: { action: 'applicant.decision_proposed', detail } }];
    });
  }

  /** Four-eyes: a second reviewer declines the proposed decision; the applicant stays as it was. */
  declineProposal(ref: ApplicantRef, proposalId: string, options: ChangeOptions): Promise<Applicant> {
    return this.change(ref, { ...options, announce: false }, async (applicant, { manager }) => {
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
    request: { step: ResubmissionStep; label: DecisionLabelRef; note: string | null; undoWindowMs: number },
    options: ChangeOptions,
  ): Promise<{ applicant: Applicant; decisionId: string }> {
    let decisionId = '';
    const delayed = request.undoWindowMs > 0;
    const applicant = await this.change(ref, delayed ? { ...options, announce: false } : options, async (applicant, { manager, now }) => {
      if (applicant.kycStatus === 'init' || !applicant.submittedAt) throw DECISION_ERRORS.error('NOT_SUBMITTED');
      if (request.step === 'document-back' && !sidesOf(applicant.documentType)?.includes('back')) throw DECISION_ERRORS.error('STEP_NOT_APPLICABLE');
      await manager.delete(PendingDecision, { applicantId: applicant.id });
      const record = await manager.save(
        manager.create(ApplicantDecision, {
          applicantId: applicant.id,
          organizationId: applicant.organizationId,
          kind: 'resubmission',
          labelId: request.label.id,
          actorId: options.actor.id,
          actorName: options.actor.username.slice(0, 64),
          proposedByName: null,
          previous: { ...decisionSnapshot(applicant), attempt: applicant.attempt, sessionGeneration: applicant.sessionGeneration },
          version: applicant.version + 1,
          decidedAt: now,
          undoneAt: null,
          releasedAt: delayed ? null : now,
        }),
      );
      decisionId = record.id;
      if (request.note) await insertNote(manager, applicant.id, options.actor, request.note, 'resubmission', now);
      return [{ ...resubmissionRequestStep(applicant, request.step, request.label, now, request.note !== null), eventNotBefore: new Date(now.getTime() + request.undoWindowMs) }];
    });
    return { applicant, decisionId };
  }

  private async replaceCheck(manager: EntityManager, applicantId: string, check: AnalysisCheck): Promise<void> {
    await manager.delete(ApplicantCheck, { applicantId, name: check.name });
    await manager.save(ApplicantCheck, manager.create(ApplicantCheck, { ...check, applicantId }));
  }

  private recordAnalysis(
    applicantId: string,
    checksFor: (applicant: Applicant) => readonly AnalysisCheck[],
    changes: ApplicantChanges,
    alongside?: (manager: EntityManager, submitted: boolean) => Promise<void>,
  ): Promise<Applicant | null> {
    return this.change({ id: applicantId }, { actor: ANALYSIS_ACTOR, announce: false }, async (applicant, { manager }) => {
      await alongside?.(manager, Boolean(applicant.submittedAt));
      // Reset while the analysis ran: its submission is gone, and so are its results.
      if (!applicant.submittedAt) {
        await manager.delete(ApplicantFace, { applicantId: applicant.id });
        return [];
      }
      const results = checksFor(applicant);
      await manager.delete(ApplicantCheck, { applicantId: applicant.id, name: In(results.map((result) => result.name)) });
      await manager.save(ApplicantCheck, results.map((result) => manager.create(ApplicantCheck, { ...result, applicantId: applicant.id })));
      return [{ changes, audit: { action: 'applicant.analysed', detail: { checks: results.map(({ name, verdict }) => ({ name, verdict })) } } }];
    }, true);
  }

  /**
   * Removes applicants never submitted that were created before `before` (abandoned on
   * the verification page), photos and sessions with them — of one organization, or of
   * all but some — except those on legal hold. Each organization's audit trail records
   * how many and their ids — never a personal value. At most `batch` per call.
   */
  async removeAbandoned(before: Date, scope: AbandonedScope = {}, batch = 1000): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const query = manager
        .getRepository(Applicant)
        .createQueryBuilder('a')
        .select(['a.id', 'a.organizationId'])
        .where('a.submittedAt IS NULL')
        .andWhere('a.kycStatus IN (:...statuses)', { statuses: ['init', 'pending'] })
        .andWhere('a.createdAt < :before', { before })
        .andWhere('a.legalHoldAt IS NULL');
      if (scope.organizationId) query.andWhere('a.organizationId = :organizationId', { organizationId: scope.organizationId });
      if (scope.exceptOrganizationIds?.length) query.andWhere('a.organizationId NOT IN (:...except)', { except: scope.exceptOrganizationIds });
      const abandoned = await query.take(batch).getMany();
      if (abandoned.length === 0) return 0;
      await manager.delete(Applicant, { id: In(abandoned.map((applicant) => applicant.id)) });
      const byOrganization = new Map<string, Applicant[]>();
      for (const applicant of abandoned) byOrganization.set(applicant.organizationId, [...(byOrganization.get(applicant.organizationId) ?? []), applicant]);
      for (const [organizationId, applicants] of byOrganization) {
        await this.audit.record(manager, {
          actor: RETENTION_ACTOR,
          organizationId,
          action: 'applicants.abandoned_removed',
          detail: { count: applicants.length, applicantIds: applicants.map((applicant) => applicant.id), createdBefore: before.toISOString() },
        });
      }
      return abandoned.length;
    });
  }

  private change(locator: Locator, options: ChangeOptions, plan: (applicant: Applicant, tx: Plan) => Promise<LifecycleStep[]>): Promise<Applicant>;
  private change(
    locator: Locator,
    options: ChangeOptions,
    plan: (applicant: Applicant, tx: Plan) => Promise<LifecycleStep[]>,
    missingIsNull: true,
  ): Promise<Applicant | null>;
  private async change(
    locator: Locator,
    options: ChangeOptions,
    plan: (applicant: Applicant, tx: Plan) => Promise<LifecycleStep[]>,
    missingIsNull = false,
  ): Promise<Applicant | null> {
    const result = await this.dataSource.transaction(async (manager) => {
      const applicant = await this.lock(manager, locator);
      if (!applicant) {
        if (missingIsNull) return null;
        throw applicantNotFound();
      }
      // A null version (which @IsOptional() lets through) is no precondition, like an absent one.
      if (options.expectedVersion != null && options.expectedVersion !== applicant.version) throw applicantChanged();
      const now = this.clock.now();
      let current = applicant;
      for (const step of await plan(applicant, { manager, now })) {
        if (Object.keys(step.changes).length === 0 && !step.audit) continue;
        current = await this.write(manager, current, step.changes, now);
        if (step.audit) {
          await this.audit.record(manager, {
            actor: options.actor,
            organizationId: current.organizationId,
            applicantId: current.id,
            action: step.audit.action,
            detail: { ...step.audit.detail, ...options.context },
          });
        }
        if (step.event) await this.outbox.enqueue(manager, { organizationId: current.organizationId, type: step.event, applicant: current, extra: step.eventExtra, notBefore: step.eventNotBefore });
      }
      // The list's flagged-checks column follows whatever checks the plan wrote.
      await refreshFlaggedChecks(manager, applicant);
      return { before: applicant, after: current };
    });
    if (!result) return null;
    if (result.after !== result.before && options.announce !== false) await this.statuses.publish(result.after);
    return result.after;
  }

  /** Reads the applicant inside the transaction; on PostgreSQL locks the row until commit. */
  private async lock(manager: EntityManager, locator: Locator): Promise<Applicant | null> {
    const query = manager.getRepository(Applicant).createQueryBuilder('a');
    if ('id' in locator) query.where('a.id = :id', { id: locator.id });
    else query.where('a.organizationId = :organizationId', locator).andWhere('a.userId = :userId', locator);
    if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
    return query.getOne();
  }

  private async write(manager: EntityManager, applicant: Applicant, changes: ApplicantChanges, now: Date): Promise<Applicant> {
    const values = { ...changes, updatedAt: now, version: applicant.version + 1 };
    await manager.update(Applicant, { id: applicant.id }, values);
    return Object.assign(new Applicant(), applicant, values);
  }
}

/** A four-eyes proposal: the decision, its label and the proposer's note. */
export interface Proposal {
  decision: Decision;
  label: DecisionLabelRef | null;
  note: string | null;
}

/** What comes with a reviewer's decision. */
export interface ReviewerDecision {
  label: DecisionLabelRef | null;
  /** Internal; becomes a note on the applicant (never sent anywhere). */
  note: string | null;
  undoWindowMs: number;
  /** Four-eyes: the proposal being confirmed. */
  proposal?: { id: string; proposedById: string | null; proposedByName: string };
}

async function insertNote(manager: EntityManager, applicantId: string, author: AuditActor, text: string, decision: string, now: Date): Promise<void> {
  await manager.insert(ApplicantNote, { applicantId, authorId: author.id, authorName: author.username.slice(0, 64), text, decision, createdAt: now, editedAt: null });
}

/**
 * After a resubmission request the verification page takes only the step asked for:
 * the photo of that document side or the selfie, or the personal data.
 */
export function requireRequestedStep(applicant: Pick<Applicant, 'resubmissionStep' | 'documentType'>, upload: { docType: string; side: string | null } | 'personal-data'): void {
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

/** The images a resubmission redoes: those of the step asked for. */
function imagesOfStep(step: string): { docType?: string; side?: string } {
  if (step === 'selfie') return { docType: 'SELFIE' };
  if (step === 'document-front') return { side: 'front' };
  if (step === 'document-back') return { side: 'back' };
  return {};
}

/**
 * What a submission is made of. Normally only what this session gave; after a resubmission
 * request every kept photo and the earlier data count, and the step asked for must have
 * been redone in this session.
 */
async function submissionEvidence(manager: EntityManager, applicant: Applicant, sessionId: string): Promise<{ images: ApplicantImage[]; dataFromThisSession: boolean }> {
  const step = applicant.resubmissionStep;
  if (!step) {
    const images = await manager.find(ApplicantImage, { where: { applicantId: applicant.id, sessionId } });
    return { images, dataFromThisSession: applicant.dataSessionId === sessionId };
  }
  const images = await manager.find(ApplicantImage, { where: { applicantId: applicant.id } });
  const redone =
    step === 'personal-data'
      ? applicant.dataSessionId === sessionId
      : images.some((image) => image.sessionId === sessionId && Object.entries(imagesOfStep(step)).every(([key, value]) => image[key as 'docType' | 'side'] === value));
  if (!redone) throw verificationIncomplete([step]);
  return { images, dataFromThisSession: step === 'personal-data' ? applicant.dataSessionId === sessionId : true };
}

/**
 * Removes the photos a new upload replaces. While a resubmission is under way they are
 * kept in superseded_images with the attempt they belonged to (the history shows them).
 */
async function replaceImages(manager: EntityManager, applicant: Applicant, where: FindOptionsWhere<ApplicantImage>, now: Date): Promise<void> {
  if (applicant.resubmissionStep) {
    const replaced = await manager.find(ApplicantImage, { where });
    if (replaced.length > 0) {
      await manager.insert(
        SupersededImage,
        replaced.map((image) => ({
          id: image.id,
          applicantId: image.applicantId,
          attempt: applicant.attempt - 1,
          docType: image.docType,
          side: image.side,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          data: image.data,
          uploadedAt: image.createdAt,
          supersededAt: now,
        })),
      );
    }
  }
  await manager.delete(ApplicantImage, where);
}

/** The verification page may change an applicant until it is submitted, or again after a rejection asking to resubmit. */
export function isEditable(applicant: Pick<Applicant, 'kycStatus' | 'reviewAnswer' | 'rejectType'>): boolean {
  return applicant.kycStatus === 'init' || applicant.kycStatus === 'pending' || canResubmit(applicant);
}

function requireEditable(applicant: Applicant): void {
  if (!isEditable(applicant)) throw alreadySubmitted();
}

export function canResubmit(applicant: Pick<Applicant, 'kycStatus' | 'reviewAnswer' | 'rejectType'>): boolean {
  return applicant.kycStatus === 'completed' && applicant.reviewAnswer === 'rejected' && applicant.rejectType === 'resubmission';
}

function requireComplete(applicant: Applicant, images: ApplicantImage[], dataFromThisSession: boolean): void {
  const missing: string[] = [];
  const has = (docType: string, side: string | null) => images.some((i) => i.docType === docType && i.side === side);
  const sides = sidesOf(applicant.documentType);
  if (!sides) missing.push('document type');
  for (const side of sides ?? []) if (!has(applicant.documentType!, side)) missing.push(`document ${side}`);
  if (!has('SELFIE', null)) missing.push('selfie');
  for (const field of ['name', 'dateOfBirth', 'docNumber', 'expiryDate', 'country'] as const) {
    if (!applicant[field] || !dataFromThisSession) missing.push(field);
  }
  if (missing.length > 0) throw verificationIncomplete(missing);
}

async function approvedWithSameDocument(manager: EntityManager, applicant: Applicant): Promise<string[]> {
  if (!applicant.docNumber) return [];
  const rows = await manager.getRepository(Applicant).find({
    where: {
      organizationId: applicant.organizationId,
      docNumber: applicant.docNumber,
      reviewAnswer: 'approved',
      userId: Not(applicant.userId),
    },
    select: { userId: true },
    take: 5,
  });
  return rows.map((row) => row.userId);
}

async function hitReviews(manager: EntityManager, applicantId: string): Promise<StoredHitReview[]> {
  const rows = await manager.find(ScreeningHitReview, { where: { applicantId }, order: { createdAt: 'ASC' } });
  return rows.map((row) => ({
    hitKey: row.hitKey,
    fingerprint: row.fingerprint,
    verdict: row.verdict,
    note: row.note,
    reviewedBy: row.reviewedByName,
    reviewedAt: new Date(row.createdAt).toISOString(),
  }));
}

/** Whether the policy's last word on this submission already queued it by the same rule (two jobs ending together both ask). */
async function alreadyQueuedBy(manager: EntityManager, applicantId: string, rule: string): Promise<boolean> {
  const last = await manager.findOne(AuditEvent, {
    where: { applicantId, action: In(['applicant.submitted', 'applicant.policy_queued']) },
    order: { createdAt: 'DESC' },
    select: { action: true, detail: true },
  });
  return last?.action === 'applicant.policy_queued' && (last.detail as { rule?: string } | null)?.rule === rule;
}

function readable(data: Buffer): boolean {
  try {
    identifyImage(data);
    return true;
  } catch {
    return false;
  }
}
