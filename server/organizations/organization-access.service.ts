import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type WhereExpressionBuilder } from 'typeorm';
import { APP_SQL } from '../database/app-sql.module.js';
import { EntityRows, Params, type SqlExecutor } from '../database/plain-sql.js';
import type { User } from '../users/user.entity.js';
import { reachesEveryOrganization } from '../common/access/tenancy-reach.js';
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
 * The organization and the caller's standing in it, in one prepared statement: the owner,
 * a member or a super-admin (signed in, not by API key: reachesEveryOrganization) gets
 * in; anyone else gets the same 404 as for an id that does not exist. Plain SQL on an executor: bench/ runs it as is.
 */
export class MembershipReader {
  constructor(
    private readonly db: SqlExecutor,
    private readonly rows: EntityRows<Organization>,
  ) {}

  async read(user: Pick<User, 'id' | 'role'>, organizationId: string): Promise<OrganizationAccess> {
    if (typeof organizationId !== 'string' || !isUuid(organizationId)) throw organizationNotFound();
    const params = new Params(this.db.dialect);
    const [row] = await this.db.query<Record<string, unknown>>(
      `SELECT ${this.rows.select('o')}, EXISTS (SELECT 1 FROM "organization_members" "m" WHERE "m"."organizationId" = "o"."id"` +
        ` AND "m"."userId" = ${params.add(user.id)}) AS "__member" FROM "organizations" "o" WHERE "o"."id" = ${params.add(organizationId.toLowerCase())}`,
      params.values,
    );
    if (!row) throw organizationNotFound();
    const organization = this.rows.hydrate(row);
    const isOwner = organization.ownerId === user.id;
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    const isMember = !isOwner && (row.__member === true || row.__member === 1);
    const everywhere = reachesEveryOrganization(user);
    if (!isOwner && !isMember && !everywhere) throw organizationNotFound();
    const role: OrganizationRole = isOwner ? 'owner' : isMember ? 'member' : 'super-admin';
    return { organization, role, isOwner, canManage: isOwner || everywhere };
  }
}

/**
 * Tenancy in one place. Every organization and applicant route passes through
 * requireMember: the owner, a member or a super-admin gets in; anyone else gets the
 * same 404 as for an id that does not exist, so ids reveal nothing.
 */
@Injectable()
export class OrganizationAccessService {
  private readonly memberships: MembershipReader;

  constructor(dataSource: DataSource, @Inject(APP_SQL) sql: SqlExecutor) {
    this.memberships = new MembershipReader(sql, new EntityRows(dataSource, Organization));
  }

  requireMember(user: User, organizationId: string): Promise<OrganizationAccess> {
    return this.memberships.read(user, organizationId);
  }

  /**
   * Limits a query to organizations the user owns or belongs to; `column` names the
   * organization id in that query. Super-admins are not limited (unless they call with an API key).
   */
  restrictToMember<T extends WhereExpressionBuilder>(query: T, user: User, column: string): T {
    if (reachesEveryOrganization(user)) return query;
    query.andWhere(
      `(${column} IN (SELECT "own"."id" FROM "organizations" "own" WHERE "own"."ownerId" = :accessUserId)` +
        ` OR ${column} IN (SELECT "mem"."organizationId" FROM "organization_members" "mem" WHERE "mem"."userId" = :accessUserId))`,
      { accessUserId: user.id },
    );
    return query;
  }
}
