import { Injectable } from '@nestjs/common';
import { AuditService, type AuditActor } from '../../audit/audit.service.js';
import { WebhookOutboxService } from '../../webhooks/webhook-outbox.service.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { IDENTITY_FIELDS } from '../../applicants/applicant-fields.js';
import { toApplicantSummary } from './applicant.mapper.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import type { ApplicantChangeDto, ApplicantDetailsDto } from './applicant-details.dto.js';
import type { UpdateApplicantDto } from './update-applicant.dto.js';
import { ApplicantDetails } from './applicant-details.js';
import { AnalysisJob } from '../../applicants/analysis/analysis-job.entity.js';
import { ApplicantCheck } from '../../applicants/applicant-check.entity.js';
import { ApplicantImage } from '../../applicants/applicant-image.entity.js';
import type { Applicant } from '../../applicants/applicant.entity.js';
import { PendingDecision } from '../decisions/pending-decision.entity.js';
import { SupersededImage } from '../decisions/superseded-image.entity.js';
import { ApplicantFace } from '../../faces/applicant-face.entity.js';
import { FaceCrop } from '../../faces/face-crop.entity.js';
import { ApplicantLifecycle, type ApplicantRef } from '../../applicants/lifecycle/applicant-lifecycle.js';
import { editStep, resetStep, undecides, withoutIdentityValues, type ApplicantChanges } from '../../applicants/lifecycle/transitions.js';

/** Staff changes to an applicant: the tenancy check, then the change through the lifecycle, then the answer's DTO. */
@Injectable()
export class ApplicantReviewService {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly query: ApplicantsQueryService,
    private readonly details: ApplicantDetails,
    private readonly lifecycle: ApplicantLifecycle,
    private readonly outbox: WebhookOutboxService,
    private readonly audit: AuditService,
  ) {}

  /** The edit form: sets the fields sent ('' clears), each change recorded as { field, from, to }. */
  async update(user: User, organizationId: string, userId: string, body: UpdateApplicantDto): Promise<ApplicantDetailsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const wanted: ApplicantChanges = {};
    for (const field of IDENTITY_FIELDS) {
      const value = body[field];
      if (value !== undefined) wanted[field] = value === null || value === '' ? null : value;
    }
    // null passes @IsOptional() like undefined, and means the same: no new status (it reached a NOT NULL column: a 500).
    if (body.kycStatus != null) wanted.kycStatus = body.kycStatus;
    const updated = await this.edit({ organizationId: organization.id, userId }, wanted, user, body.version);
    return this.details.detailsOf(updated);
  }

  /** Back to the start: identity, images and review answer gone, kycStatus init; the reason audited. */
  async reset(user: User, organizationId: string, userId: string, reason: string, version?: number): Promise<ApplicantChangeDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const updated = await this.resetApplicant({ organizationId: organization.id, userId }, reason, user, version);
    return { applicant: toApplicantSummary(updated) };
  }

  /**
   * Sets the fields wanted (null clears), recording each change as { field, from, to }. An
   * edit that takes a decided applicant out of its decision (a new identity re-opens it)
   * also withdraws the decision's webhook still waiting out its undo window, so the
   * integrator never hears a decision after the applicant.updated that replaced it.
   */
  private edit(ref: ApplicantRef, wanted: ApplicantChanges, actor: AuditActor, expectedVersion: number | undefined): Promise<Applicant> {
    return this.lifecycle.change(ref, { actor, expectedVersion }, async (applicant, { manager, now }) => {
      const step = editStep(applicant, wanted);
      if (undecides(applicant, step)) await this.outbox.withdraw(manager, applicant, { types: ['applicant.decided', 'applicant.on_hold'], dueAfter: now });
      return [step];
    });
  }

  /** Back to the start: identity, photos, checks, analyses, faces, earlier attempts and a waiting proposal gone. */
  private resetApplicant(ref: ApplicantRef, reason: string, actor: AuditActor, expectedVersion: number | undefined): Promise<Applicant> {
    return this.lifecycle.change(ref, { actor, expectedVersion }, async (applicant, { manager }) => {
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
      // The identity is gone: so are its earlier values in the edits and resubmitted data the audit trail recorded.
      await this.audit.rewriteDetails(manager, applicant.id, 'applicant.updated', withoutIdentityValues);
      await this.audit.rewriteDetails(manager, applicant.id, 'applicant.data_entered', withoutIdentityValues);
      return [resetStep(applicant, removed.affected ?? 0, reason)];
    });
  }
}
