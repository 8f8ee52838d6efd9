import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditEvent } from '../../audit/audit-event.entity.js';
import { AuditService } from '../../audit/audit.service.js';
import { pageOffset } from '../../common/paging/page-meta.dto.js';
import { ownerOnly } from '../../organizations/organizations.errors.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import type { OrganizationActivityPageDto, OrganizationActivityQueryDto } from './organization-activity.dto.js';

/** Oversight: the organization's whole audit trail, filtered, for its owner (and super-admins). */
@Injectable()
export class OrganizationActivity {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(user: User, organizationId: string, query: OrganizationActivityQueryDto): Promise<OrganizationActivityPageDto> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    await this.audit.flushViews();
    const { page, pageSize } = query;
    const builder = this.dataSource
      .getRepository(AuditEvent)
      .createQueryBuilder('e')
      .leftJoin(Applicant, 'a', 'a.id = e.applicantId')
      .select([
        'e.id AS "id"',
        'e.action AS "action"',
        'e.actorId AS "actorId"',
        'e.actorName AS "actorName"',
        'e.detail AS "detail"',
        'e.createdAt AS "createdAt"',
      ])
      .addSelect('a.userId', 'userId')
      .where('e.organizationId = :organizationId', { organizationId: organization.id });
    if (query.actorId) builder.andWhere('e.actorId = :actorId', { actorId: query.actorId.toLowerCase() });
    if (query.action) builder.andWhere('e.action = :action', { action: query.action });
    if (query.userId) builder.andWhere('a.userId = :userId', { userId: query.userId });
    if (query.from) builder.andWhere('e.createdAt >= :from', { from: new Date(query.from) });
    if (query.to) builder.andWhere('e.createdAt < :to', { to: new Date(query.to) });
    const rows = await builder
      .orderBy('e.createdAt', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .offset(pageOffset(page, pageSize))
      .limit(pageSize + 1)
      .getRawMany<{
        id: string;
        action: string;
        actorId: string | null;
        actorName: string;
        detail: unknown;
        createdAt: Date | string;
        userId: string | null;
      }>();
    return {
      items: rows.slice(0, pageSize).map((row) => ({
        id: row.id,
        action: row.action,
        actorId: row.actorId,
        actorName: row.actorName,
        userId: row.userId,
        detail: parseDetail(row.detail),
        createdAt: toDate(row.createdAt),
      })),
      page,
      pageSize,
      hasNextPage: rows.length > pageSize,
    };
  }
}

/** simple-json columns come back as text from a raw select. */
function parseDetail(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
}
