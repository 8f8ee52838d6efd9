import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { User } from '../users/user.entity.js';
import type { MemberDto } from './dto/member.dto.js';
import { isUuid, OrganizationAccessService } from './organization-access.service.js';
import { OrganizationMember } from './organization-member.entity.js';
import { memberNotFound, ownerCannotBeRemoved, ownerOnly } from './organizations.errors.js';

/** Who may work in an organization besides its owner (they join by invitation: InvitationsService). The owner (or a super-admin) removes; a member may leave. */
@Injectable()
export class MembersService {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  /** The owner first, then the members by username. */
  async list(user: User, organizationId: string): Promise<MemberDto[]> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const owner = await this.dataSource.getRepository(User).findOneOrFail({
      where: { id: organization.ownerId },
      select: { id: true, username: true, email: true },
    });
    const members = await this.dataSource
      .getRepository(OrganizationMember)
      .createQueryBuilder('m')
      .innerJoin('m.user', 'u')
      .select(['m.userId AS "userId"', 'm.createdAt AS "addedAt"', 'u.username AS "username"', 'u.email AS "email"'])
      .where('m.organizationId = :organizationId', { organizationId: organization.id })
      .orderBy('u.username', 'ASC')
      .getRawMany<{ userId: string; addedAt: Date | string; username: string; email: string }>();
    return [
      { userId: owner.id, username: owner.username, email: owner.email, role: 'owner', addedAt: organization.createdAt },
      ...members.map((row) => ({ ...row, role: 'member' as const, addedAt: toDate(row.addedAt) })),
    ];
  }

  /** The owner or a super-admin removes anyone but the owner; a member may remove themselves (leave). */
  async remove(user: User, organizationId: string, memberUserId: string): Promise<void> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!isUuid(memberUserId)) throw memberNotFound();
    const userId = memberUserId.toLowerCase();
    if (userId === organization.ownerId) throw ownerCannotBeRemoved();
    if (!canManage && userId !== user.id) throw ownerOnly();
    await this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(OrganizationMember, { organizationId: organization.id, userId });
      if (!result.affected) throw memberNotFound();
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'member.removed',
        detail: { userId },
      });
    });
  }
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
}
