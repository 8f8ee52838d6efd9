import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, WhereExpressionBuilder } from 'typeorm';
import type { User } from '../users/user.entity.js';
import { OrganizationMember } from './organization-member.entity.js';
import { Organization } from './organization.entity.js';
import { organizationNotFound } from './organizations.errors.js';

/** The caller's standing in an organization they may enter. */
export type OrganizationRole = 'owner' | 'member' | 'super-admin';

export interface OrganizationAccess {
  organization: Organization;
  role: OrganizationRole;
  isOwner: boolean;
  /** The owner, or a super-admin: may manage members. */
  canManage: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Tenancy in one place. Every organization and applicant route passes through
 * requireMember: the owner, a member or a super-admin gets in; anyone else gets the
 * same 404 as for an id that does not exist, so ids reveal nothing.
 */
@Injectable()
export class OrganizationAccessService {
  constructor(@InjectRepository(Organization) private readonly organizations: Repository<Organization>) {}

  async requireMember(user: User, organizationId: string): Promise<OrganizationAccess> {
    if (typeof organizationId !== 'string' || !isUuid(organizationId)) throw organizationNotFound();
    const query = this.organizations
      .createQueryBuilder('o')
      .where('o.id = :organizationId', { organizationId: organizationId.toLowerCase() });
    if (user.role !== 'super-admin') this.restrictToMember(query, user, 'o.id');
    const organization = await query.getOne();
    if (!organization) throw organizationNotFound();
    const isOwner = organization.ownerId === user.id;
    const isMember = isOwner ? false : await this.isMember(organization.id, user.id);
    const role: OrganizationRole = isOwner ? 'owner' : isMember ? 'member' : 'super-admin';
    return { organization, role, isOwner, canManage: isOwner || user.role === 'super-admin' };
  }

  /**
   * Limits a query to organizations the user owns or belongs to; `column` names the
   * organization id in that query. Super-admins are not limited.
   */
  restrictToMember<T extends WhereExpressionBuilder>(query: T, user: User, column: string): T {
    if (user.role === 'super-admin') return query;
    query.andWhere(
      `(${column} IN (SELECT "own"."id" FROM "organizations" "own" WHERE "own"."ownerId" = :accessUserId)` +
        ` OR ${column} IN (SELECT "mem"."organizationId" FROM "organization_members" "mem" WHERE "mem"."userId" = :accessUserId))`,
      { accessUserId: user.id },
    );
    return query;
  }

  private async isMember(organizationId: string, userId: string): Promise<boolean> {
    return this.organizations.manager.exists(OrganizationMember, { where: { organizationId, userId } });
  }
}

