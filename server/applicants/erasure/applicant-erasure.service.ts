import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditEvent } from '../../audit/audit-event.entity.js';
import { AuditService } from '../../audit/audit.service.js';
import { Clock } from '../../common/clock.js';
import { sha256 } from '../../common/crypto.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { WebhookEvent } from '../../webhooks/webhook-event.entity.js';
import { ApplicantCheck } from '../applicant-check.entity.js';
import { Applicant } from '../applicant.entity.js';
import { APPLICANT_ERRORS, applicantNotFound } from '../applicants.errors.js';
import { FaceBlocklistEntry } from '../faces/face-blocklist-entry.entity.js';
import { ApplicantErasure } from './applicant-erasure.entity.js';
import type { ApplicantTombstoneDto } from './erasure.dto.js';

const ERASED = '[erased]';

export function erasureUserIdHash(organizationId: string, userId: string): string {
  return sha256(`${organizationId}:${userId}`);
}

/**
 * Removes from a JSON value every object naming the erased applicant (a duplicate-face
 * match, a same-document hit: `userId` equal to it) and every string containing one of
 * its values. Returns undefined when nothing changed.
 */
export function scrub(value: unknown, userId: string, values: readonly string[]): unknown {
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      if (values.some((v) => node.includes(v))) {
        changed = true;
        return ERASED;
      }
      return node;
    }
    if (Array.isArray(node)) {
      const kept = node.filter((item) => !(item && typeof item === 'object' && (item as Record<string, unknown>).userId === userId));
      if (kept.length !== node.length) changed = true;
      return kept.map(walk);
    }
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    }
    return node;
  };
  const result = walk(value);
  return changed ? result : undefined;
}

/**
 * Erasure (GDPR Art. 17): the applicant row and everything hanging off it (photos,
 * selfies, face and its embedding, checks, notes, decisions, sessions, analysis jobs,
 * tags) deleted; its blocklisted faces deleted; its webhook payload copies deleted; its
 * audit entries kept but emptied of their details; mentions in other applicants' checks
 * and in organization-wide audit entries scrubbed. A tombstone says who, when, why.
 */
@Injectable()
export class ApplicantErasures {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async erase(user: User, organizationId: string, userId: string, reason: string, confirmUserId: string): Promise<ApplicantTombstoneDto> {
    const { organization, isOwner } = await this.access.requireMember(user, organizationId);
    if (!isOwner && user.role !== 'admin' && user.role !== 'super-admin') throw APPLICANT_ERRORS.error('APPLICANT_ERASURE_FORBIDDEN');
    const tombstone = await this.dataSource.transaction(async (manager) => {
      const applicant = await manager.getRepository(Applicant).findOneBy({ organizationId: organization.id, userId });
      if (!applicant) throw applicantNotFound();
      if (confirmUserId !== applicant.userId) throw APPLICANT_ERRORS.error('ERASURE_NOT_CONFIRMED');
      const values = [applicant.userId, applicant.name, applicant.docNumber].filter((v): v is string => typeof v === 'string' && v.length >= 3);
      await manager.delete(FaceBlocklistEntry, { applicantId: applicant.id });
      await manager.delete(WebhookEvent, { organizationId: organization.id, applicantUserId: applicant.userId });
      await manager.update(AuditEvent, { applicantId: applicant.id }, { detail: { erased: true } as never });
      await this.scrubMentions(manager, organization.id, applicant, values);
      await manager.delete(Applicant, { id: applicant.id });
      const erasure = await manager.save(
        manager.create(ApplicantErasure, {
          organizationId: organization.id,
          applicantId: applicant.id,
          userIdHash: erasureUserIdHash(organization.id, userId),
          erasedById: user.id,
          erasedByName: user.username.slice(0, 64),
          reason,
          erasedAt: this.clock.now(),
        }),
      );
      await this.audit.record(manager, { actor: user, organizationId: organization.id, applicantId: null, action: 'applicant.erased', detail: { applicantId: applicant.id } });
      return erasure;
    });
    return toTombstone(tombstone);
  }

  async tombstones(user: User, organizationId: string, userId: string): Promise<ApplicantTombstoneDto[]> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const erasures = await this.dataSource.getRepository(ApplicantErasure).find({
      where: { organizationId: organization.id, userIdHash: erasureUserIdHash(organization.id, userId) },
      order: { erasedAt: 'DESC' },
    });
    return erasures.map(toTombstone);
  }

  /** Other rows of the organization that name the applicant: other applicants' checks, organization-wide audit entries. */
  private async scrubMentions(manager: EntityManager, organizationId: string, applicant: Applicant, values: readonly string[]): Promise<void> {
    const like = (column: string) => values.map((_, i) => `${column} LIKE :v${i}`).join(' OR ');
    const params = Object.fromEntries(values.map((v, i) => [`v${i}`, `%${v}%`]));
    const checks = await manager
      .getRepository(ApplicantCheck)
      .createQueryBuilder('c')
      .innerJoin(Applicant, 'a', 'a.id = c.applicantId')
      .where('a.organizationId = :organizationId', { organizationId })
      .andWhere('c.applicantId <> :applicantId', { applicantId: applicant.id })
      .andWhere(`(${like('c.evidence')} OR ${like('c.detail')})`, params)
      .getMany();
    for (const check of checks) {
      const evidence = scrub(check.evidence, applicant.userId, values);
      const detail = scrub(check.detail, applicant.userId, values);
      await manager.update(ApplicantCheck, { id: check.id }, { ...(evidence === undefined ? {} : { evidence: evidence as never }), ...(detail === undefined ? {} : { detail: detail as string }) });
    }
    const events = await manager
      .getRepository(AuditEvent)
      .createQueryBuilder('e')
      .where('e.organizationId = :organizationId', { organizationId })
      .andWhere('(e.applicantId IS NULL OR e.applicantId <> :applicantId)', { applicantId: applicant.id })
      .andWhere(`(${like('e.detail')})`, params)
      .getMany();
    for (const event of events) {
      const detail = scrub(event.detail, applicant.userId, values);
      if (detail !== undefined) await manager.update(AuditEvent, { id: event.id }, { detail: detail as never });
    }
  }
}

function toTombstone(erasure: ApplicantErasure): ApplicantTombstoneDto {
  return { applicantId: erasure.applicantId, erasedAt: erasure.erasedAt.toISOString(), erasedBy: erasure.erasedByName, reason: erasure.reason };
}
