import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DataSource, In, IsNull, LessThanOrEqual } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { Clock } from '../../common/clock.js';
import { isUuid, OrganizationAccessService, type OrganizationAccess } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { toApplicantSummary } from '../details/applicant.mapper.js';
import { ApplicantStatusPublisher } from '../../applicants/applicant-status.publisher.js';
import { Applicant as ApplicantEntity, type Applicant } from '../../applicants/applicant.entity.js';
import type { RejectType } from '../../applicants/applicant.enums.js';
import { imageNotFound } from '../../applicants/applicants.errors.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import { DecisionChanges } from './decision-changes.js';
import type { Decision, DecisionLabelRef, ResubmissionStep } from '../../applicants/lifecycle/transitions.js';
import { ApplicantDecision } from './applicant-decision.entity.js';
import { DecisionLabels, toLabelDto } from './decision-labels.js';
import { DECISION_ERRORS, decisionNotFound, proposalNotFound } from './decisions.errors.js';
import type {
  ApplicantReviewStateDto,
  AttemptDto,
  DecisionResultDto,
  PendingDecisionDto,
  ReviewerPreferencesDto,
  ReviewSettingsDetailsDto,
  ReviewSettingsDto,
  UndoableDecisionDto,
} from './decisions.dto.js';
import { undoWindowMs } from './default-labels.js';
import { PendingDecision } from './pending-decision.entity.js';
import { ReviewSettings, type FourEyesMode } from './review-settings.entity.js';
import { ReviewerPreferences } from './reviewer-preferences.entity.js';
import { SupersededImage } from './superseded-image.entity.js';
import { ATTEMPT_ACTIONS, attemptsOf } from './applicant-attempts.js';
import { AuditEvent } from '../../audit/audit-event.entity.js';
import { ApplicantImage } from '../../applicants/applicant-image.entity.js';
import { ApplicantCheck } from '../../applicants/applicant-check.entity.js';
import { approvalRisks, riskLevelOf, type ApprovalRisk } from '../../policy/approval-risks.js';
import { VerificationPolicies } from '../../policy/verification-policies.js';
import { PERSONAL_FIELDS, type PersonalField } from '../../applicants/applicant-fields.js';

/** What a reviewer sends with approve, reject or hold. */
export interface DecisionInput {
  kind: Decision['kind'];
  labelId?: string;
  reason?: string;
  rejectType?: RejectType;
  note?: string | null;
  version?: number;
  /** An approval's written reason for passing over the applicant's risks. */
  overrideReason?: string;
}

/** How often the release looks for decisions whose undo window ended. */
const RELEASE_INTERVAL_MS = 2_000;

/**
 * Staff decisions with labels, notes, undo and the four-eyes rule, and one-step
 * resubmission requests. Every change goes through the ApplicantLifecycle; this service
 * holds the rules around it (tenancy, labels, who may undo or confirm).
 */
@Injectable()
export class Decisions {
  private readonly logger = new Logger(Decisions.name);
  /** The undo window (UNDO_WINDOW_MS unless configured). */
  readonly windowMs = undoWindowMs();

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly query: ApplicantsQueryService,
    private readonly changes: DecisionChanges,
    private readonly labels: DecisionLabels,
    private readonly statuses: ApplicantStatusPublisher,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly policies: VerificationPolicies,
  ) {}

  async settings(user: User, organizationId: string): Promise<ReviewSettingsDetailsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const row = await this.dataSource.getRepository(ReviewSettings).findOneBy({ organizationId: organization.id });
    return { fourEyes: row?.fourEyes ?? 'off', slaHours: row?.slaHours ?? null, undoWindowSeconds: this.windowMs / 1000 };
  }

  /** Four-eyes, and the SLA when sent (absent: kept; null: none). Audited with what changed. */
  async saveSettings(user: User, organizationId: string, body: ReviewSettingsDto): Promise<ReviewSettingsDetailsDto> {
    const access = await this.access.requireMember(user, organizationId);
    requireManager(user, access);
    const organizationIdOf = access.organization.id;
    const saved = await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOneBy(ReviewSettings, { organizationId: organizationIdOf });
      const before = { fourEyes: row?.fourEyes ?? 'off', slaHours: row?.slaHours ?? null };
      const after = { fourEyes: body.fourEyes, slaHours: body.slaHours === undefined ? before.slaHours : body.slaHours };
      await manager.save(
        manager.create(ReviewSettings, {
          organizationId: organizationIdOf,
          ...after,
          updatedByName: user.username.slice(0, 64),
          updatedAt: this.clock.now(),
        }),
      );
      await this.audit.record(manager, {
        actor: user,
        organizationId: organizationIdOf,
        action: 'organization.review_settings_changed',
        detail: {
          fourEyes: { from: before.fourEyes, to: after.fourEyes },
          ...(after.slaHours !== before.slaHours ? { slaHours: { from: before.slaHours, to: after.slaHours } } : {}),
        },
      });
      return after;
    });
    return { ...saved, undoWindowSeconds: this.windowMs / 1000 };
  }

  async preferences(user: User): Promise<ReviewerPreferencesDto> {
    const row = await this.dataSource.getRepository(ReviewerPreferences).findOneBy({ userId: user.id });
    return { approveWithoutConfirmation: row?.approveWithoutConfirmation ?? false };
  }

  async savePreferences(user: User, body: ReviewerPreferencesDto): Promise<ReviewerPreferencesDto> {
    await this.dataSource.getRepository(ReviewerPreferences).save({ userId: user.id, approveWithoutConfirmation: body.approveWithoutConfirmation });
    return { approveWithoutConfirmation: body.approveWithoutConfirmation };
  }

  /**
   * Approve, reject or hold by a reviewer. Under the four-eyes rule a matching decision is
   * recorded as a proposal for a second reviewer; otherwise it is made at once, undoable by
   * its author (or the owner or an administrator) within the undo window.
   */
  async decide(user: User, organizationId: string, userId: string, input: DecisionInput): Promise<DecisionResultDto> {
    const access = await this.access.requireMember(user, organizationId);
    const ref = { organizationId: access.organization.id, userId };
    const label = input.labelId && input.kind !== 'approve' ? await this.labels.forDecision(ref.organizationId, input.labelId, input.kind) : null;
    const decision = decisionOf(input, label);
    const note = input.note ?? null;
    const overrideReason = decision.kind === 'approve' ? (input.overrideReason ?? null) : null;
    if (needsSecondReviewer(await this.fourEyesOf(ref.organizationId), decision.kind) || (await this.overrideNeedsSecondReviewer(ref, decision))) {
      const applicant = await this.changes.proposeDecision(ref, { decision, label, note, overrideReason }, { actor: user, expectedVersion: input.version });
      return { applicant: toApplicantSummary(applicant), decision: null, pendingDecision: await this.pendingOf(applicant, user) };
    }
    const { applicant, decisionId } = await this.changes.decideAsReviewer(
      ref,
      decision,
      { label, note, undoWindowMs: this.windowMs, overrideReason },
      { actor: user, expectedVersion: input.version },
    );
    const record = await this.dataSource.getRepository(ApplicantDecision).findOneByOrFail({ id: decisionId });
    return { applicant: toApplicantSummary(applicant), decision: this.undoableOf(record, user, access), pendingDecision: null };
  }

  /**
   * Four-eyes: a different member confirms the proposal; it is made as their decision, the
   * proposer recorded. An approval past risks keeps the proposer's override reason unless the
   * confirmer gives one (a proposal made before a risk appeared has none).
   */
  async confirm(user: User, organizationId: string, userId: string, proposalId: string, overrideReason?: string): Promise<DecisionResultDto> {
    const access = await this.access.requireMember(user, organizationId);
    const ref = { organizationId: access.organization.id, userId };
    const applicant = await this.query.findApplicant(ref.organizationId, userId);
    const pending = isUuid(proposalId)
      ? await this.dataSource.getRepository(PendingDecision).findOneBy({ id: proposalId.toLowerCase(), applicantId: applicant.id })
      : null;
    if (!pending) throw proposalNotFound();
    if (pending.proposedById === user.id) throw DECISION_ERRORS.error('SAME_REVIEWER');
    const label = pending.labelId ? await this.labelRefOf(ref.organizationId, pending.labelId) : null;
    const decision: Decision =
      pending.kind === 'approve'
        ? { kind: 'approve' }
        : pending.kind === 'reject'
          ? { kind: 'reject', reason: pending.reason ?? label?.title ?? '', rejectType: pending.rejectType ?? 'final' }
          : { kind: 'hold', reason: pending.reason ?? undefined };
    const proposal = { id: pending.id, proposedById: pending.proposedById, proposedByName: pending.proposedByName };
    const review = {
      label,
      note: pending.note,
      undoWindowMs: this.windowMs,
      proposal,
      overrideReason: pending.kind === 'approve' ? (overrideReason ?? pending.reason) : null,
    };
    const result = await this.changes.decideAsReviewer(ref, decision, review, { actor: user });
    const record = await this.dataSource.getRepository(ApplicantDecision).findOneByOrFail({ id: result.decisionId });
    return { applicant: toApplicantSummary(result.applicant), decision: this.undoableOf(record, user, access), pendingDecision: null };
  }

  async decline(user: User, organizationId: string, userId: string, proposalId: string): Promise<DecisionResultDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    if (!isUuid(proposalId)) throw proposalNotFound();
    const applicant = await this.changes.declineProposal({ organizationId: organization.id, userId }, proposalId.toLowerCase(), { actor: user });
    return { applicant: toApplicantSummary(applicant), decision: null, pendingDecision: null };
  }

  /** Undo within the window, by the decision's author, the owner or an administrator. */
  async undo(user: User, organizationId: string, userId: string, decisionId: string): Promise<DecisionResultDto> {
    const access = await this.access.requireMember(user, organizationId);
    const applicantRow = await this.query.findApplicant(access.organization.id, userId);
    const record = isUuid(decisionId)
      ? await this.dataSource.getRepository(ApplicantDecision).findOneBy({ id: decisionId.toLowerCase(), applicantId: applicantRow.id })
      : null;
    if (!record) throw decisionNotFound();
    if (!mayUndo(record, user, access)) throw DECISION_ERRORS.error('UNDO_NOT_ALLOWED');
    const applicant = await this.changes.undoDecision({ organizationId: access.organization.id, userId }, record.id, this.windowMs, { actor: user });
    return { applicant: toApplicantSummary(applicant), decision: null, pendingDecision: null };
  }

  async requestResubmission(
    user: User,
    organizationId: string,
    userId: string,
    body: { step: ResubmissionStep; labelId: string; note?: string | null; version?: number; fields?: PersonalField[] },
  ): Promise<DecisionResultDto> {
    const access = await this.access.requireMember(user, organizationId);
    if (body.fields?.length && body.step !== 'personal-data') throw DECISION_ERRORS.error('FIELDS_NEED_PERSONAL_DATA');
    const label = await this.labels.forDecision(access.organization.id, body.labelId, 'resubmission');
    const { applicant, decisionId } = await this.changes.requestResubmission(
      { organizationId: access.organization.id, userId },
      { step: body.step, label, note: body.note ?? null, undoWindowMs: this.windowMs, fields: PERSONAL_FIELDS.filter((field) => body.fields?.includes(field)) },
      { actor: user, expectedVersion: body.version },
    );
    const record = await this.dataSource.getRepository(ApplicantDecision).findOneByOrFail({ id: decisionId });
    return { applicant: toApplicantSummary(applicant), decision: this.undoableOf(record, user, access), pendingDecision: null };
  }

  /** The decision bar's state: four-eyes, the proposal awaiting review, the decision still undoable, the current label, earlier attempts. */
  async reviewState(user: User, organizationId: string, userId: string): Promise<ApplicantReviewStateDto> {
    const access = await this.access.requireMember(user, organizationId);
    const applicant = await this.query.findApplicant(access.organization.id, userId);
    const now = this.clock.now().getTime();
    const last = await this.dataSource.getRepository(ApplicantDecision).findOne({ where: { applicantId: applicant.id }, order: { decidedAt: 'DESC' } });
    const undoable =
      last && !last.undoneAt && last.version === applicant.version && now - new Date(last.decidedAt).getTime() < this.windowMs
        ? this.undoableOf(last, user, access)
        : null;
    const label = await this.labels.byId(applicant.organizationId, applicant.decisionLabelId);
    const earlier = await this.dataSource.getRepository(SupersededImage).find({
      where: { applicantId: applicant.id },
      select: { id: true, attempt: true, docType: true, side: true, uploadedAt: true, supersededAt: true },
      order: { attempt: 'ASC', supersededAt: 'ASC' },
    });
    const risks = await this.risksOf(applicant.id);
    const attempts = await this.attemptsOf(applicant.id, earlier);
    const policy = await this.policies.forOrganization(applicant.organizationId);
    return {
      risk: { level: riskLevelOf(risks), risks, secondReviewerForOverrides: policy.secondReviewerForOverrides },
      attempts,
      fourEyes: await this.fourEyesOf(applicant.organizationId),
      approveWithoutConfirmation: (await this.preferences(user)).approveWithoutConfirmation,
      undoWindowSeconds: this.windowMs / 1000,
      pendingDecision: await this.pendingOf(applicant, user),
      undoableDecision: undoable,
      currentLabel: label ? toLabelDto(label) : null,
      resubmissionStep: applicant.resubmissionStep,
      attempt: applicant.attempt,
      earlierImages: earlier.map((image) => ({
        id: image.id,
        attempt: image.attempt,
        docType: image.docType,
        side: image.side,
        uploadedAt: new Date(image.uploadedAt).toISOString(),
        supersededAt: new Date(image.supersededAt).toISOString(),
      })),
    };
  }

  async earlierImage(user: User, organizationId: string, userId: string, imageId: string): Promise<{ contentType: string; data: Buffer }> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.query.findApplicant(organization.id, userId);
    const image = isUuid(imageId)
      ? await this.dataSource.getRepository(SupersededImage).findOneBy({ id: imageId.toLowerCase(), applicantId: applicant.id })
      : null;
    if (!image) throw imageNotFound();
    return { contentType: image.contentType, data: image.data };
  }

  /**
   * Announces decisions whose undo window ended to the end user's status stream (the
   * webhook waits in the outbox on its own). Claimed with a conditional UPDATE so one
   * replica announces each. Resolves with the number announced.
   */
  @Interval('decision-release', RELEASE_INTERVAL_MS)
  async release(): Promise<number> {
    try {
      const now = this.clock.now();
      const due = await this.dataSource.getRepository(ApplicantDecision).find({
        where: { releasedAt: IsNull(), decidedAt: LessThanOrEqual(new Date(now.getTime() - this.windowMs)) },
        take: 50,
      });
      let released = 0;
      for (const record of due) {
        const claimed = await this.dataSource.getRepository(ApplicantDecision).update({ id: record.id, releasedAt: IsNull() }, { releasedAt: now });
        if (claimed.affected !== 1) continue;
        const applicant = await this.query.findById(record.applicantId);
        if (applicant) await this.statuses.publish(applicant);
        released += 1;
      }
      return released;
    } catch (error) {
      this.logger.error(`Could not release decisions: ${(error as Error).message}`);
      return 0;
    }
  }

  /**
   * The applicant as the end user may see it: while its last decision can still be undone,
   * as it was before (the verification page learns of a decision when its window ends, as the
   * integrator does).
   */
  async asEndUserSees(applicant: Applicant): Promise<Applicant> {
    if (this.windowMs === 0 || !applicant.decidedAt) return applicant;
    const last = await this.dataSource.getRepository(ApplicantDecision).findOne({
      where: { applicantId: applicant.id, releasedAt: IsNull(), undoneAt: IsNull() },
      order: { decidedAt: 'DESC' },
    });
    if (!last || last.version !== applicant.version || this.clock.now().getTime() - new Date(last.decidedAt).getTime() >= this.windowMs) return applicant;
    const { previous } = last;
    return Object.assign(new ApplicantEntity(), applicant, { ...previous, decidedAt: previous.decidedAt ? new Date(previous.decidedAt) : null });
  }

  private async attemptsOf(applicantId: string, earlier: readonly SupersededImage[]): Promise<AttemptDto[]> {
    await this.audit.flushViews();
    const events = await this.dataSource.getRepository(AuditEvent).find({
      where: { applicantId, action: In([...ATTEMPT_ACTIONS]) },
      select: { action: true, detail: true, actorName: true, createdAt: true },
      order: { createdAt: 'ASC' },
    });
    const current = await this.dataSource.getRepository(ApplicantImage).find({ where: { applicantId }, select: { id: true, docType: true, side: true } });
    return attemptsOf(events, earlier, current).map((attempt) => ({
      ...attempt,
      changedFields: attempt.changedFields.map(({ field, from, to }) => ({ field, from: textOf(from), to: textOf(to) })),
    }));
  }

  private async risksOf(applicantId: string): Promise<ApprovalRisk[]> {
    return approvalRisks(await this.dataSource.getRepository(ApplicantCheck).findBy({ applicantId }));
  }

  /** The policy asks a second reviewer for an approval past risks, and this applicant has some. */
  private async overrideNeedsSecondReviewer(ref: { organizationId: string; userId: string }, decision: Decision): Promise<boolean> {
    if (decision.kind !== 'approve' || !(await this.policies.forOrganization(ref.organizationId)).secondReviewerForOverrides) return false;
    const applicant = await this.query.findApplicant(ref.organizationId, ref.userId);
    return (await this.risksOf(applicant.id)).length > 0;
  }

  private async fourEyesOf(organizationId: string): Promise<FourEyesMode> {
    return (await this.dataSource.getRepository(ReviewSettings).findOneBy({ organizationId }))?.fourEyes ?? 'off';
  }

  private async labelRefOf(organizationId: string, labelId: string): Promise<DecisionLabelRef | null> {
    const label = await this.labels.byId(organizationId, labelId);
    return label ? { id: label.id, code: label.code, title: label.title } : null;
  }

  private async pendingOf(applicant: Applicant, user: User): Promise<PendingDecisionDto | null> {
    const pending = await this.dataSource.getRepository(PendingDecision).findOneBy({ applicantId: applicant.id });
    if (!pending) return null;
    const label = await this.labels.byId(applicant.organizationId, pending.labelId);
    return {
      id: pending.id,
      kind: pending.kind,
      label: label ? { code: label.code, title: label.title } : null,
      reason: pending.reason,
      note: pending.note,
      proposedBy: pending.proposedByName,
      proposedByMe: pending.proposedById === user.id,
      proposedAt: new Date(pending.proposedAt).toISOString(),
    };
  }

  private undoableOf(record: ApplicantDecision, user: User, access: OrganizationAccess): UndoableDecisionDto {
    const decidedAt = new Date(record.decidedAt);
    return {
      id: record.id,
      kind: record.kind,
      decidedBy: record.actorName,
      decidedAt: decidedAt.toISOString(),
      undoableUntil: new Date(decidedAt.getTime() + this.windowMs).toISOString(),
      canUndo: mayUndo(record, user, access),
    };
  }
}

function requireManager(user: User, access: OrganizationAccess): void {
  if (!access.canManage && user.role !== 'admin') throw DECISION_ERRORS.error('MANAGERS_ONLY');
}

function mayUndo(record: ApplicantDecision, user: User, access: OrganizationAccess): boolean {
  return record.actorId === user.id || access.canManage || user.role === 'admin';
}

function needsSecondReviewer(mode: FourEyesMode, kind: Decision['kind']): boolean {
  return mode === 'all' || (mode === 'rejections' && kind === 'reject');
}

/** The lifecycle's decision from what was sent: a label gives the reason (its title) and the reject type (final) unless they were sent. */
function decisionOf(input: DecisionInput, label: DecisionLabelRef | null): Decision {
  switch (input.kind) {
    case 'approve':
      return { kind: 'approve' };
    case 'reject': {
      const reason = input.reason ?? label?.title;
      if (!reason) throw DECISION_ERRORS.error('REASON_OR_LABEL_REQUIRED');
      return { kind: 'reject', reason, rejectType: input.rejectType ?? 'final' };
    }
    case 'hold':
      return { kind: 'hold', reason: input.reason || label?.title };
  }
}

/** A field's value as the attempts show it: text, or null when empty. */
function textOf(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}
