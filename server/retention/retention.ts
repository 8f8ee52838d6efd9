import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DataSource, In, IsNull, Not, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { JobLockService } from '../common/jobs/job-lock.service.js';
import { OrganizationAccessService } from '../organizations/organization-access.service.js';
import { Organization } from '../organizations/organization.entity.js';
import { ownerOnly } from '../organizations/organizations.errors.js';
import type { User } from '../users/user.entity.js';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { SupersededImage } from '../review/decisions/superseded-image.entity.js';
import { ApplicantErasures } from './erasure/applicant-erasures.js';
import { ApplicantFace } from '../faces/applicant-face.entity.js';
import { FaceCrop } from '../faces/face-crop.entity.js';
import { RETENTION_ACTOR } from './retention-actor.js';
import type { RetentionRunDto as RetentionRun } from './retention-run.dto.js';

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Applicants handled per transaction (and per audit entry). */
const BATCH = 200;

/**
 * Applies each organization's retention policy once an hour, on one replica (a job
 * lock): decided applicants' photos, selfies and face data (stored face, face crops) removed after `imagesDays`
 * (identity data kept), applicants erased after `identityDays` (a tombstone left).
 * "Decided" is a final decision (completed: approved or rejected), counted from its
 * time; applicants on legal hold are skipped. Each batch is audited with a count and
 * applicant ids, never a personal value.
 */
@Injectable()
export class Retention {
  private readonly logger = new Logger(Retention.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly erasures: ApplicantErasures,
    private readonly audit: AuditService,
    private readonly jobs: JobLockService,
    private readonly clock: Clock,
    private readonly access: OrganizationAccessService,
  ) {}

  @Interval('retention', RETENTION_INTERVAL_MS)
  async runScheduled(): Promise<void> {
    await this.jobs.runOnce('retention', RETENTION_INTERVAL_MS - 60_000, () => this.applyAll().then(() => undefined));
  }

  async applyAll(): Promise<RetentionRun> {
    const organizations = await this.dataSource
      .getRepository(Organization)
      .find({ select: { id: true, retentionPolicy: true }, where: { retentionPolicy: Not(IsNull()) } });
    const run: RetentionRun = { imagesRemoved: 0, identitiesErased: 0 };
    for (const organization of organizations) {
      const done = await this.applyPolicy(organization);
      run.imagesRemoved += done.imagesRemoved;
      run.identitiesErased += done.identitiesErased;
    }
    if (run.imagesRemoved + run.identitiesErased > 0) {
      this.logger.log(`Retention: photos removed from ${run.imagesRemoved} applicant(s), ${run.identitiesErased} applicant(s) erased`);
    }
    return run;
  }

  /** "Apply now" of the owner (or a super-admin): the organization's policy at once, instead of at the next hourly run. */
  async applyNow(user: User, organizationId: string): Promise<RetentionRun> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    return this.applyPolicy(organization);
  }

  private async applyPolicy({ id, retentionPolicy: policy }: Pick<Organization, 'id' | 'retentionPolicy'>): Promise<RetentionRun> {
    // Identity first: an applicant erased has no photos left to remove.
    const identitiesErased = policy?.identityDays ? await this.drain((manager) => this.eraseBatch(manager, id, policy.identityDays!)) : 0;
    const imagesRemoved = policy?.imagesDays ? await this.drain((manager) => this.removeImagesBatch(manager, id, policy.imagesDays!)) : 0;
    return { imagesRemoved, identitiesErased };
  }

  /** Runs batches, each in its own transaction, until one finds nothing. */
  private async drain(batch: (manager: EntityManager) => Promise<number>): Promise<number> {
    let total = 0;
    for (let done = await this.dataSource.transaction(batch); done > 0; done = await this.dataSource.transaction(batch)) total += done;
    return total;
  }

  private due(manager: EntityManager, organizationId: string, days: number) {
    const decidedBefore = new Date(this.clock.now().getTime() - days * DAY_MS);
    const query = manager
      .getRepository(Applicant)
      .createQueryBuilder('a')
      .where('a.organizationId = :organizationId', { organizationId })
      .andWhere("a.kycStatus = 'completed'")
      .andWhere('a.decidedAt < :decidedBefore', { decidedBefore })
      .andWhere('a.legalHoldAt IS NULL')
      .orderBy('a.decidedAt', 'ASC')
      .take(BATCH);
    return { query, decidedBefore };
  }

  private async removeImagesBatch(manager: EntityManager, organizationId: string, days: number): Promise<number> {
    const { query, decidedBefore } = this.due(manager, organizationId, days);
    const applicants = await query.select(['a.id']).andWhere('a.imagesRemovedAt IS NULL').getMany();
    if (applicants.length === 0) return 0;
    const ids = applicants.map((applicant) => applicant.id);
    const images = await manager.delete(ApplicantImage, { applicantId: In(ids) });
    const earlier = await manager.delete(SupersededImage, { applicantId: In(ids) });
    const faces = await manager.delete(ApplicantFace, { applicantId: In(ids) });
    // The crops their checks show, and the copies of their faces in other applicants' checks.
    const shown = await manager.delete(FaceCrop, { applicantId: In(ids) });
    const copies = await manager.delete(FaceCrop, { faceOfApplicantId: In(ids) });
    await manager.update(Applicant, { id: In(ids) }, { imagesRemovedAt: this.clock.now() });
    await this.audit.record(manager, {
      actor: RETENTION_ACTOR,
      organizationId,
      action: 'retention.images_removed',
      detail: {
        count: ids.length,
        applicantIds: ids,
        decidedBefore: decidedBefore.toISOString(),
        images: (images.affected ?? 0) + (earlier.affected ?? 0),
        faces: faces.affected ?? 0,
        faceCrops: (shown.affected ?? 0) + (copies.affected ?? 0),
      },
    });
    return ids.length;
  }

  private async eraseBatch(manager: EntityManager, organizationId: string, days: number): Promise<number> {
    const { query, decidedBefore } = this.due(manager, organizationId, days);
    const applicants = await query.getMany();
    if (applicants.length === 0) return 0;
    await this.erasures.eraseRows(manager, organizationId, applicants, RETENTION_ACTOR, `Retention policy: identity data kept ${days} days after the decision`);
    await this.audit.record(manager, {
      actor: RETENTION_ACTOR,
      organizationId,
      action: 'retention.identity_erased',
      detail: { count: applicants.length, applicantIds: applicants.map((applicant) => applicant.id), decidedBefore: decidedBefore.toISOString() },
    });
    return applicants.length;
  }
}
