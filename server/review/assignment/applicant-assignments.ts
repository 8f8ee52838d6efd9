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
import { applicantNotFound } from '../../applicants/applicants.errors.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import type { NextApplicantDto, ApplicantQueueQueryDto } from '../../applicants/dto/applicant-list.dto.js';
import { toListFilters } from '../../applicants/queue-filters.js';
import type { ApplicantAssignmentDto } from './assignment.dto.js';
import { assigneeNotMember } from './assignment.errors.js';

/** Candidates read per attempt by next-unassigned; another reviewer may take some first. */
const CANDIDATES = 10;

/**
 * Who works on which applicant. Assignment is workflow, not a lifecycle change: it moves
 * neither `version` (a reviewer's stale-version check is unaffected) nor `updatedAt`,
 * and it is audited as applicant.assigned / applicant.unassigned with from/to user ids.
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

  async assign(user: User, organizationId: string, userId: string, assigneeId: string | undefined): Promise<ApplicantAssignmentDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const target = assigneeId ? assigneeId.toLowerCase() : user.id;
    const assignee = target === user.id ? user : await this.requireAssignable(organization, target);
    return this.dataSource.transaction(async (manager) => {
      const applicant = await this.lock(manager, organization.id, userId);
      if (applicant.assigneeId === assignee.id) return this.assignmentOf(applicant, assignee);
      const now = this.clock.now();
      await this.setAssignee(manager, applicant.id, assignee.id, now);
      await this.recordAssignment(manager, user, applicant, assignee.id);
      return this.assignmentOf({ ...applicant, assignedAt: now }, assignee);
    });
  }

  async unassign(user: User, organizationId: string, userId: string): Promise<ApplicantAssignmentDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    return this.dataSource.transaction(async (manager) => {
      const applicant = await this.lock(manager, organization.id, userId);
      if (applicant.assigneeId) {
        await this.setAssignee(manager, applicant.id, null, null);
        await this.audit.record(manager, {
          actor: user,
          organizationId: organization.id,
          applicantId: applicant.id,
          action: 'applicant.unassigned',
          detail: { from: applicant.assigneeId },
        });
      }
      return this.assignmentOf({ ...applicant, assignedAt: null }, null);
    });
  }

  /**
   * Assigns the caller the first unassigned applicant of the list (its filters and order)
   * and returns it, or null when none is left. Each candidate is taken with a conditional
   * UPDATE (… AND assigneeId IS NULL): of two reviewers asking at once, one wins it and
   * the other moves on to the next candidate.
   */
  async nextUnassigned(user: User, organizationId: string, query: ApplicantQueueQueryDto): Promise<NextApplicantDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const filters = { ...toListFilters(user, query), assigneeId: null };
    const order = this.applicants.orderOf(organization.id, query);
    let after: string | undefined;
    for (;;) {
      const candidates = await this.applicants.listReader.following(order, filters, after, CANDIDATES);
      for (const candidate of candidates) {
        const taken = await this.dataSource.transaction(async (manager) => {
          const now = this.clock.now();
          const result = await manager
            .createQueryBuilder()
            .update(Applicant)
            .set({ assigneeId: user.id, assignedAt: now, updatedAt: () => '"updatedAt"' })
            .where('organizationId = :organizationId AND userId = :userId AND assigneeId IS NULL', {
              organizationId: organization.id,
              userId: candidate.userId,
            })
            .execute();
          if (!result.affected) return null;
          const applicant = await manager.findOneByOrFail(Applicant, { organizationId: organization.id, userId: candidate.userId });
          await this.recordAssignment(manager, user, { ...applicant, assigneeId: null }, user.id);
          return applicant;
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

  /** assigneeId and assignedAt only: updatedAt is kept as it was (assignment is not a change of the applicant). */
  private async setAssignee(manager: EntityManager, applicantId: string, assigneeId: string | null, at: Date | null): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(Applicant)
      .set({ assigneeId, assignedAt: at, updatedAt: () => '"updatedAt"' })
      .where('id = :id', { id: applicantId })
      .execute();
  }

  private recordAssignment(manager: EntityManager, actor: User, applicant: Pick<Applicant, 'id' | 'organizationId' | 'assigneeId'>, to: string): Promise<void> {
    return this.audit.record(manager, {
      actor,
      organizationId: applicant.organizationId,
      applicantId: applicant.id,
      action: 'applicant.assigned',
      detail: { from: applicant.assigneeId, to },
    });
  }

  private assignmentOf(applicant: Pick<Applicant, 'userId' | 'assignedAt'>, assignee: Pick<User, 'id' | 'username'> | null): ApplicantAssignmentDto {
    return { userId: applicant.userId, assignee: assignee && { id: assignee.id, name: assignee.username }, assignedAt: assignee ? applicant.assignedAt : null };
  }
}
