import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { Clock } from '../../common/clock.js';
import { supportsRowLocks } from '../../database/transaction.js';
import { OrganizationMember } from '../../organizations/organization-member.entity.js';
import type { Organization } from '../../organizations/organization.entity.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import { User } from '../../users/user.entity.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import { AWAITING_DECISION_STATUSES } from '../../applicants/applicant.enums.js';
import { applicantNotFound } from '../../applicants/applicants.errors.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import type { NextApplicantDto, ApplicantQueueQueryDto } from '../../applicants/dto/applicant-list.dto.js';
import { toListFilters } from '../../applicants/queue-filters.js';
import type { ApplicantAssignmentDto } from './assignment.dto.js';
import { assigneeNotMember } from './assignment.errors.js';
import { reviewLockMs } from './review-lock.js';

/** Candidates read per attempt by next-unassigned; another reviewer may take some first. */
const CANDIDATES = 10;
/** next-unassigned's order when the query names none: the case waiting longest first. */
const OLDEST_FIRST = { orderBy: 'submittedAt', direction: 'asc' } as const;

/**
 * Who works on which applicant. Assignment is workflow, not a lifecycle change: it moves
 * neither `version` (a reviewer's stale-version check is unaffected) nor `updatedAt`,
 * and it is audited as applicant.assigned / applicant.unassigned with from/to user ids.
 *
 * Opening a case awaiting a decision, or taking it with next-unassigned, assigns it with
 * a lock (`lockedUntil`, REVIEW_LOCK_MINUTES ahead): while it holds, others see who is
 * reviewing it; once it ends, the next reviewer opening the case or asking for the next
 * one takes it. Reopening one's own case moves the lock on without an audit entry (an
 * entry per page view would bury the trail); taking a case is audited. An assignment by
 * hand (assign) holds no lock: it stays until released.
 */
@Injectable()
export class ApplicantAssignments {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly applicants: ApplicantsQueryService,
    private readonly clock: Clock,
  ) {}

  readonly lockMs = reviewLockMs();

  async assign(user: User, organizationId: string, userId: string, assigneeId: string | undefined): Promise<ApplicantAssignmentDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const target = assigneeId ? assigneeId.toLowerCase() : user.id;
    const assignee = target === user.id ? user : await this.requireAssignable(organization, target);
    return this.dataSource.transaction(async (manager) => {
      const applicant = await this.lock(manager, organization.id, userId);
      if (applicant.assigneeId === assignee.id && applicant.lockedUntil === null) return this.assignmentOf(applicant, assignee);
      const now = this.clock.now();
      await this.setAssignee(manager, applicant.id, assignee.id, now, null);
      // Made permanent (the lock of one's own open case): no new assignment to record.
      if (applicant.assigneeId !== assignee.id) await this.recordAssignment(manager, user, applicant, assignee.id);
      return this.assignmentOf({ ...applicant, assignedAt: now, lockedUntil: null }, assignee);
    });
  }

  async unassign(user: User, organizationId: string, userId: string): Promise<ApplicantAssignmentDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    return this.dataSource.transaction(async (manager) => {
      const applicant = await this.lock(manager, organization.id, userId);
      if (applicant.assigneeId) {
        await this.setAssignee(manager, applicant.id, null, null, null);
        await this.audit.record(manager, {
          actor: user,
          organizationId: organization.id,
          applicantId: applicant.id,
          action: 'applicant.unassigned',
          detail: { from: applicant.assigneeId },
        });
      }
      return this.assignmentOf({ ...applicant, assignedAt: null, lockedUntil: null }, null);
    });
  }

  /**
   * The caller opened the case: one awaiting a decision that nobody holds (unassigned, or
   * its lock ended) is assigned to them with a lock; their own lock moves on (not
   * audited); anyone else's assignment is left as it is and returned, for the page to say
   * who is reviewing it. A decided or unsubmitted case is never assigned by opening it.
   */
  async open(user: User, organizationId: string, userId: string): Promise<ApplicantAssignmentDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    return this.dataSource.transaction(async (manager) => {
      const applicant = await this.lock(manager, organization.id, userId);
      const now = this.clock.now();
      const until = new Date(now.getTime() + this.lockMs);
      if (applicant.assigneeId === user.id) {
        if (applicant.lockedUntil === null) return this.assignmentOf(applicant, user);
        await this.setLock(manager, applicant.id, until);
        return this.assignmentOf({ ...applicant, lockedUntil: until }, user);
      }
      if (!isClaimable(applicant, now) || !awaitsDecision(applicant)) return this.assignmentOf(applicant, await this.userOf(manager, applicant.assigneeId));
      await this.setAssignee(manager, applicant.id, user.id, now, until);
      await this.recordAssignment(manager, user, applicant, user.id, 'opened');
      return this.assignmentOf({ ...applicant, assignedAt: now, lockedUntil: until }, user);
    });
  }

  /**
   * Assigns the caller, with a lock, the first applicant awaiting a decision that nobody
   * holds (unassigned, or its lock ended) within the query's filters and search — oldest
   * submission first unless `orderBy` says otherwise — and returns it, or null when none
   * is left. A decided (or unsubmitted) applicant is never handed out, whatever the
   * filters ask. Each candidate is taken with a conditional UPDATE (… AND still nobody's):
   * of two reviewers asking at once, one wins it and the other moves on to the next.
   */
  async nextUnassigned(user: User, organizationId: string, query: ApplicantQueueQueryDto, slaCutoff?: Date): Promise<NextApplicantDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const now = this.clock.now();
    const filters = { ...toListFilters(user, query, slaCutoff), assigneeId: undefined, claimableAt: now, awaitingDecision: true };
    const order = query.orderBy ? this.applicants.orderOf(organization.id, query) : { organizationId: organization.id, ...OLDEST_FIRST };
    let after: string | undefined;
    for (;;) {
      const candidates = await this.applicants.listReader.following(order, filters, after, CANDIDATES, query.search);
      for (const candidate of candidates) {
        const taken = await this.dataSource.transaction(async (manager) => {
          const before = await manager.findOneBy(Applicant, { organizationId: organization.id, userId: candidate.userId });
          if (!before) return null;
          const takenAt = this.clock.now();
          const result = await manager
            .createQueryBuilder()
            .update(Applicant)
            .set({ assigneeId: user.id, assignedAt: takenAt, lockedUntil: new Date(takenAt.getTime() + this.lockMs), updatedAt: () => '"updatedAt"' })
            .where('id = :id AND (assigneeId IS NULL OR lockedUntil <= :takenAt)', { id: before.id, takenAt })
            .andWhere('kycStatus IN (:...awaiting) AND submittedAt IS NOT NULL', { awaiting: AWAITING_DECISION_STATUSES })
            .execute();
          if (!result.affected) return null;
          await this.recordAssignment(manager, user, before, user.id, 'next-unassigned');
          return manager.findOneByOrFail(Applicant, { id: before.id });
        });
        if (taken) {
          const [item] = await this.applicants.listItems([taken]);
          return { item };
        }
      }
      if (candidates.length < CANDIDATES) return { item: null };
      after = candidates[candidates.length - 1].userId;
    }
  }

  /** The owner or a member of the organization, else 400 ASSIGNEE_NOT_MEMBER. */
  private async requireAssignable(organization: Organization, userId: string): Promise<User> {
    const member =
      organization.ownerId === userId || (await this.dataSource.manager.exists(OrganizationMember, { where: { organizationId: organization.id, userId } }));
    const user = member ? await this.dataSource.manager.findOne(User, { select: { id: true, username: true }, where: { id: userId } }) : null;
    if (!user) throw assigneeNotMember();
    return user;
  }

  private async lock(manager: EntityManager, organizationId: string, userId: string): Promise<Applicant> {
    const query = manager
      .getRepository(Applicant)
      .createQueryBuilder('a')
      .where('a.organizationId = :organizationId AND a.userId = :userId', { organizationId, userId });
    if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
    const applicant = await query.getOne();
    if (!applicant) throw applicantNotFound();
    return applicant;
  }

  /** assigneeId, assignedAt and the lock only: updatedAt is kept as it was (assignment is not a change of the applicant). */
  private async setAssignee(manager: EntityManager, applicantId: string, assigneeId: string | null, at: Date | null, lockedUntil: Date | null): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(Applicant)
      .set({ assigneeId, assignedAt: at, lockedUntil, updatedAt: () => '"updatedAt"' })
      .where('id = :id', { id: applicantId })
      .execute();
  }

  private async setLock(manager: EntityManager, applicantId: string, lockedUntil: Date): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(Applicant)
      .set({ lockedUntil, updatedAt: () => '"updatedAt"' })
      .where('id = :id', { id: applicantId })
      .execute();
  }

  /** applicant.assigned { from, to }, and `via` when the case was taken rather than given (opened, next-unassigned). */
  private recordAssignment(
    manager: EntityManager,
    actor: User,
    applicant: Pick<Applicant, 'id' | 'organizationId' | 'assigneeId'>,
    to: string,
    via?: 'opened' | 'next-unassigned',
  ): Promise<void> {
    return this.audit.record(manager, {
      actor,
      organizationId: applicant.organizationId,
      applicantId: applicant.id,
      action: 'applicant.assigned',
      detail: { from: applicant.assigneeId, to, ...(via ? { via } : {}) },
    });
  }

  private async userOf(manager: EntityManager, id: string | null): Promise<Pick<User, 'id' | 'username'> | null> {
    return id ? manager.findOne(User, { select: { id: true, username: true }, where: { id } }) : null;
  }

  private assignmentOf(
    applicant: Pick<Applicant, 'userId' | 'assignedAt' | 'lockedUntil'>,
    assignee: Pick<User, 'id' | 'username'> | null,
  ): ApplicantAssignmentDto {
    return {
      userId: applicant.userId,
      assignee: assignee && { id: assignee.id, name: assignee.username },
      assignedAt: assignee ? applicant.assignedAt : null,
      lockedUntil: assignee ? applicant.lockedUntil : null,
    };
  }
}

/** Nobody holds it: unassigned, or the lock of whoever opened it has ended. */
function isClaimable(applicant: Pick<Applicant, 'assigneeId' | 'lockedUntil'>, now: Date): boolean {
  return applicant.assigneeId === null || (applicant.lockedUntil !== null && new Date(applicant.lockedUntil).getTime() <= now.getTime());
}

function awaitsDecision(applicant: Pick<Applicant, 'kycStatus' | 'submittedAt'>): boolean {
  return AWAITING_DECISION_STATUSES.includes(applicant.kycStatus) && applicant.submittedAt !== null;
}
