import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { pageMeta, pageOffset } from '../common/paging/page-meta.dto.js';
import type { AuditAction } from './audit-actions.js';
import { AuditEvent } from './audit-event.entity.js';
import type { AuditEventAdminDto, AuditEventAdminPageDto, AuditEventDto, AuditEventPageDto, AuditQueryDto } from './dto/audit-event.dto.js';

/** Who acted: a staff account (a User fits) or a named non-staff actor with no id. */
export interface AuditActor {
  id: string | null;
  username: string;
}

export interface AuditEntry {
  actor: AuditActor;
  organizationId: string | null;
  applicantId?: string | null;
  action: AuditAction;
  detail?: Record<string, unknown> | null;
}

export interface Paging {
  page: number;
  pageSize: number;
}

let lastTimestamp = 0;

/**
 * Millisecond timestamps that never repeat or go backwards in this process, so
 * "newest first" holds for events recorded within the same millisecond.
 */
function nextTimestamp(): Date {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp);
}

@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditEvent) private readonly events: Repository<AuditEvent>) {}

  /** Records an event inside the caller's transaction: it lands if, and only if, the change does. */
  async record(manager: EntityManager, entry: AuditEntry): Promise<void> {
    const row: Partial<AuditEvent> = {
      actorId: entry.actor.id,
      actorName: entry.actor.username.slice(0, 64),
      organizationId: entry.organizationId,
      applicantId: entry.applicantId ?? null,
      action: entry.action,
      detail: entry.detail ?? null,
      createdAt: nextTimestamp(),
    };
    await manager
      .createQueryBuilder()
      .insert()
      .into(AuditEvent)
      .values(row as QueryDeepPartialEntity<AuditEvent>)
      .updateEntity(false)
      .execute();
  }

  /** One applicant's activity, newest first. */
  async listForApplicant(organizationId: string, applicantId: string, paging: Paging): Promise<AuditEventPageDto> {
    const query = this.events
      .createQueryBuilder('e')
      .where('e.organizationId = :organizationId', { organizationId })
      .andWhere('e.applicantId = :applicantId', { applicantId });
    const { rows, meta } = await this.page(query, paging);
    return { items: rows.map(toAuditEventDto), meta };
  }

  /** The platform-wide trail for super-admins, newest first. */
  async list(query: AuditQueryDto): Promise<AuditEventAdminPageDto> {
    const builder = this.events.createQueryBuilder('e');
    if (query.organizationId) builder.andWhere('e.organizationId = :organizationId', { organizationId: query.organizationId });
    if (query.applicantId) builder.andWhere('e.applicantId = :applicantId', { applicantId: query.applicantId });
    if (query.action) builder.andWhere('e.action = :action', { action: query.action });
    const { rows, meta } = await this.page(builder, query);
    return { items: rows.map(toAuditEventAdminDto), meta };
  }

  private async page(query: SelectQueryBuilder<AuditEvent>, { page, pageSize }: Paging) {
    const total = await query.getCount();
    const rows = await query
      .orderBy('e.createdAt', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .offset(pageOffset(page, pageSize))
      .limit(pageSize)
      .getMany();
    return { rows, meta: pageMeta(page, pageSize, total, rows.length) };
  }
}

function toAuditEventDto(event: AuditEvent): AuditEventDto {
  return {
    id: event.id,
    action: event.action,
    actorName: event.actorName,
    detail: (event.detail as Record<string, unknown> | null) ?? null,
    createdAt: event.createdAt,
  };
}

function toAuditEventAdminDto(event: AuditEvent): AuditEventAdminDto {
  return {
    ...toAuditEventDto(event),
    actorId: event.actorId,
    organizationId: event.organizationId,
    applicantId: event.applicantId,
  };
}
