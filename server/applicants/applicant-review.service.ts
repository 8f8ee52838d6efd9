import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { AuditAction } from '../audit/audit-actions.js';
import { ApplicantStatusPublisher } from '../common/events/applicant-status.publisher.js';
import { supportsRowLocks } from '../database/transaction.js';
import { OrganizationAccessService } from '../projects/organization-access.service.js';
import type { User } from '../users/user.entity.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { IDENTITY_FIELDS } from './applicant-fields.js';
import { ApplicantImage } from './applicant-image.entity.js';
import { Applicant } from './applicant.entity.js';
import type { RejectType } from './applicant.enums.js';
import { toApplicantDetails, toApplicantSummary } from './applicant.mapper.js';
import { applicantNotFound } from './applicants.messages.js';
import { ApplicantsQueryService } from './applicants-query.service.js';
import type { ApplicantChangeDto, ApplicantDetailsDto } from './dto/applicant-details.dto.js';
import type { UpdateApplicantDto } from './dto/update-applicant.dto.js';

export type Decision =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string; rejectType: RejectType }
  | { kind: 'hold'; reason?: string };

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

type ApplicantChanges = Partial<Omit<Applicant, 'id' | 'organizationId' | 'organization' | 'userId' | 'createdAt'>>;

const REVIEW_CLEARED = { reviewAnswer: null, rejectType: null, rejectReason: null } as const;

/**
 * Every change staff make to an applicant. Each one is ONE method with ONE
 * transaction holding the write and its audit record (and, later, its webhook).
 */
@Injectable()
export class ApplicantReviewService {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly query: ApplicantsQueryService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhookOutboxService,
    private readonly statuses: ApplicantStatusPublisher,
  ) {}

  /** The edit form: sets the fields sent ('' clears), records each change as { field, from, to }. */
  async update(user: User, organizationId: string, userId: string, body: UpdateApplicantDto): Promise<ApplicantDetailsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    await this.query.findApplicant(organization.id, userId);
    const updated = await this.dataSource.transaction(async (manager) => {
      const applicant = await this.lockApplicant(manager, organization.id, userId);
      const wanted: ApplicantChanges = {};
      for (const field of IDENTITY_FIELDS) {
        const value = body[field];
        if (value !== undefined) wanted[field] = value === null || value === '' ? null : value;
      }
      if (body.kycStatus !== undefined) {
        wanted.kycStatus = body.kycStatus;
        // A review answer only describes a completed applicant.
        if (body.kycStatus !== 'completed') Object.assign(wanted, REVIEW_CLEARED);
      }
      const changes = diff(applicant, wanted);
      if (changes.length === 0) return applicant;
      const next = await this.write(manager, applicant, pick(wanted, changes));
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: applicant.id,
        action: 'applicant.updated',
        detail: { changes },
      });
      await this.webhooks.enqueue(manager, { organizationId: organization.id, type: 'applicant.updated', applicant: next });
      return next;
    });
    await this.statuses.publish(updated);
    return toApplicantDetails(updated, await this.query.listImages(updated.id));
  }

  /** Back to the start: identity, images and review answer gone, kycStatus init. */
  async reset(user: User, organizationId: string, userId: string): Promise<ApplicantChangeDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    await this.query.findApplicant(organization.id, userId);
    const updated = await this.dataSource.transaction(async (manager) => {
      const applicant = await this.lockApplicant(manager, organization.id, userId);
      const removed = await manager.delete(ApplicantImage, { applicantId: applicant.id });
      const cleared: ApplicantChanges = {
        ...Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, null])),
        ...REVIEW_CLEARED,
        kycStatus: 'init',
        documentType: null,
        submittedAt: null,
        decidedAt: null,
      };
      const next = await this.write(manager, applicant, cleared);
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: applicant.id,
        action: 'applicant.reset',
        detail: { previousStatus: applicant.kycStatus, imagesRemoved: removed.affected ?? 0 },
      });
      await this.webhooks.enqueue(manager, { organizationId: organization.id, type: 'applicant.reset', applicant: next });
      return next;
    });
    await this.statuses.publish(updated);
    return { applicant: toApplicantSummary(updated) };
  }

  /**
   * Approve or reject (kycStatus completed with a review answer) or hold (onHold).
   * Each sets decidedAt; statistics count approvals and rejections only.
   */
  async decide(user: User, organizationId: string, userId: string, decision: Decision): Promise<ApplicantChangeDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    await this.query.findApplicant(organization.id, userId);
    const updated = await this.dataSource.transaction(async (manager) => {
      const applicant = await this.lockApplicant(manager, organization.id, userId);
      const { changes, action, detail } = decisionChanges(decision, applicant);
      const next = await this.write(manager, applicant, changes);
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: applicant.id,
        action,
        detail,
      });
      await this.webhooks.enqueue(manager, {
        organizationId: organization.id,
        type: decision.kind === 'hold' ? 'applicant.on_hold' : 'applicant.decided',
        applicant: next,
      });
      return next;
    });
    await this.statuses.publish(updated);
    return { applicant: toApplicantSummary(updated) };
  }

  /** Re-reads the applicant inside the transaction; on PostgreSQL locks the row until commit. */
  private async lockApplicant(manager: EntityManager, organizationId: string, userId: string): Promise<Applicant> {
    const query = manager
      .getRepository(Applicant)
      .createQueryBuilder('a')
      .where('a.organizationId = :organizationId', { organizationId })
      .andWhere('a.userId = :userId', { userId });
    if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
    const applicant = await query.getOne();
    if (!applicant) throw applicantNotFound();
    return applicant;
  }

  private async write(manager: EntityManager, applicant: Applicant, changes: ApplicantChanges): Promise<Applicant> {
    const values = { ...changes, updatedAt: new Date() };
    await manager.update(Applicant, { id: applicant.id }, values);
    return Object.assign(new Applicant(), applicant, values);
  }
}

function decisionChanges(
  decision: Decision,
  applicant: Applicant,
): { changes: ApplicantChanges; action: AuditAction; detail: Record<string, unknown> } {
  const decidedAt = new Date();
  const previousStatus = applicant.kycStatus;
  switch (decision.kind) {
    case 'approve':
      return {
        changes: { kycStatus: 'completed', ...REVIEW_CLEARED, reviewAnswer: 'approved', decidedAt },
        action: 'applicant.approved',
        detail: { previousStatus },
      };
    case 'reject':
      return {
        changes: {
          kycStatus: 'completed',
          reviewAnswer: 'rejected',
          rejectType: decision.rejectType,
          rejectReason: decision.reason,
          decidedAt,
        },
        action: 'applicant.rejected',
        detail: { previousStatus, reason: decision.reason, rejectType: decision.rejectType },
      };
    case 'hold':
      return {
        changes: { kycStatus: 'onHold', ...REVIEW_CLEARED, decidedAt },
        action: 'applicant.held',
        detail: { previousStatus, reason: decision.reason ?? null },
      };
  }
}

/** The fields whose wanted value differs from the stored one, as { field, from, to }. */
function diff(applicant: Applicant, wanted: ApplicantChanges): FieldChange[] {
  return Object.entries(wanted)
    .filter(([field, value]) => applicant[field as keyof Applicant] !== value)
    .map(([field, to]) => ({ field, from: applicant[field as keyof Applicant] ?? null, to }));
}

function pick(wanted: ApplicantChanges, changes: FieldChange[]): ApplicantChanges {
  return Object.fromEntries(changes.map(({ field }) => [field, wanted[field as keyof ApplicantChanges]]));
}
