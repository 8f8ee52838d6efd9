import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditEvent } from '../../audit/audit-event.entity.js';
import { AuditService, type AuditActor } from '../../audit/audit.service.js';
import { Clock } from '../../common/clock.js';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import { supportsRowLocks } from '../../database/transaction.js';
import { sha256 } from '../../common/crypto.js';
import { OrganizationAccessService, type OrganizationAccess } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { WebhookEvent } from '../../webhooks/webhook-event.entity.js';
import { ApplicantCheck } from '../../applicants/applicant-check.entity.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import { APPLICANT_ERRORS, applicantNotFound } from '../../applicants/applicants.errors.js';
import { FaceBlocklistEntry } from '../../faces/face-blocklist-entry.entity.js';
import { ApplicantErasure } from './applicant-erasure.entity.js';
import type { ApplicantTombstoneDto } from './erasure.dto.js';

const ERASED = '[erased]';

/**
 * How a tombstone names the erased userId: an HMAC under a key derived from APP_SECRET,
 * so that a copy of the database alone cannot confirm a guessed userId (a plain SHA-256
 * of a guessable id could). Tombstones written before keep their plain SHA-256 and are
 * still found by it.
 */
export function erasureUserIdHash(key: Buffer, organizationId: string, userId: string): string {
  return createHmac('sha256', key).update(`${organizationId}:${userId}`).digest('hex');
}

function legacyUserIdHash(organizationId: string, userId: string): string {
  return sha256(`${organizationId}:${userId}`);
}

/**
 * Removes from a JSON value every object naming an erased applicant (a duplicate-face
 * match, a same-document hit: `userId` among theirs) and every string containing one of
 * their values. Returns undefined when nothing changed.
 */
export function scrub(value: unknown, userIds: ReadonlySet<string>, values: readonly string[]): unknown {
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
      const kept = node.filter((item) => !(item && typeof item === 'object' && userIds.has((item as Record<string, unknown>).userId as string)));
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

/** Values at least this long are searched for in other rows (shorter ones match too much). */
const MIN_SCRUBBED_LENGTH = 3;

/**
 * Erasure (GDPR Art. 17): the applicant row and everything hanging off it (photos,
 * selfies, face and its embedding, checks, notes, decisions, sessions, analysis jobs,
 * tags) deleted; its blocklisted faces deleted; its webhook payload copies deleted (other
 * applicants' duplicate_found events naming it too); its
 * audit entries kept but emptied of their details; mentions in other applicants' checks
 * and in organization-wide audit entries scrubbed. A tombstone says who, when, why.
 * An applicant on legal hold cannot be erased until the hold is lifted.
 */
@Injectable()
export class ApplicantErasures {
  private readonly userIdKey: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(appConfig.KEY) env: AppConfig,
  ) {
    this.userIdKey = createHmac('sha256', env.appSecret).update('kyc-platform:erased-user-id').digest();
  }

  async erase(user: User, organizationId: string, userId: string, reason: string, confirmUserId: string): Promise<ApplicantTombstoneDto> {
    const { organization } = await this.requireEraser(user, organizationId);
    // Views still buffered are written first, so the walk below marks them erased too.
    await this.audit.flushViews();
    const tombstone = await this.dataSource.transaction(async (manager) => {
      // Locked first (PostgreSQL): a change in flight (an analysis result, a decision) commits
      // its audit entry before the entries are marked erased, instead of after.
      const query = manager
        .getRepository(Applicant)
        .createQueryBuilder('a')
        .where('a.organizationId = :organizationId AND a.userId = :userId', { organizationId: organization.id, userId });
      if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
      const applicant = await query.getOne();
      if (!applicant) throw applicantNotFound();
      if (confirmUserId !== applicant.userId) throw APPLICANT_ERRORS.error('ERASURE_NOT_CONFIRMED');
      if (applicant.legalHoldAt) throw APPLICANT_ERRORS.error('APPLICANT_ON_LEGAL_HOLD');
      const [erasure] = await this.eraseRows(manager, organization.id, [applicant], user, reason);
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: null,
        action: 'applicant.erased',
        detail: { applicantId: applicant.id },
      });
      return erasure;
    });
    // SQLite: the erased rows' pages were zeroed (secure_delete); their copies in the WAL go
    // with a checkpoint that truncates it (best effort: a long read holds the older frames).
    if (this.dataSource.options.type !== 'postgres') await this.dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
    return toTombstone(tombstone);
  }

  /** Erasure and legal holds are the owner's or an administrator's. */
  async requireEraser(user: User, organizationId: string): Promise<OrganizationAccess> {
    const access = await this.access.requireMember(user, organizationId);
    if (!access.isOwner && user.role !== 'admin' && user.role !== 'super-admin') throw APPLICANT_ERRORS.error('APPLICANT_ERASURE_FORBIDDEN');
    return access;
  }

  /**
   * Erases applicants of one organization inside the caller's transaction (the caller
   * checked access and legal holds, and audits); answers their tombstones.
   */
  async eraseRows(
    manager: EntityManager,
    organizationId: string,
    applicants: readonly Applicant[],
    actor: AuditActor,
    reason: string,
  ): Promise<ApplicantErasure[]> {
    if (applicants.length === 0) return [];
    const ids = applicants.map((applicant) => applicant.id);
    const userIds = applicants.map((applicant) => applicant.userId);
    const values = [...new Set(applicants.flatMap((a) => [a.userId, a.name, a.docNumber]))].filter(
      (v): v is string => typeof v === 'string' && v.length >= MIN_SCRUBBED_LENGTH,
    );
    await manager.delete(FaceBlocklistEntry, { applicantId: In(ids) });
    await manager.delete(WebhookEvent, { organizationId, applicantUserId: In(userIds) });
    await this.deleteDuplicateEvents(manager, organizationId, new Set(userIds));
    await manager.update(AuditEvent, { applicantId: In(ids) }, { detail: { erased: true } as never });
    await this.scrubMentions(manager, organizationId, ids, new Set(userIds), values);
    await manager.delete(Applicant, { id: In(ids) });
    const erasedAt = this.clock.now();
    return manager.save(
      applicants.map((applicant) =>
        manager.create(ApplicantErasure, {
          organizationId,
          applicantId: applicant.id,
          userIdHash: erasureUserIdHash(this.userIdKey, organizationId, applicant.userId),
          erasedById: actor.id,
          erasedByName: actor.username.slice(0, 64),
          reason,
          erasedAt,
        }),
      ),
    );
  }

  async tombstones(user: User, organizationId: string, userId: string): Promise<ApplicantTombstoneDto[]> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const erasures = await this.dataSource.getRepository(ApplicantErasure).find({
      where: {
        organizationId: organization.id,
        userIdHash: In([erasureUserIdHash(this.userIdKey, organization.id, userId), legacyUserIdHash(organization.id, userId)]),
      },
      order: { erasedAt: 'DESC' },
    });
    return erasures.map(toTombstone);
  }

  /** Other applicants' `applicant.duplicate_found` events that name the erased ones as the later duplicate. */
  private async deleteDuplicateEvents(manager: EntityManager, organizationId: string, userIds: ReadonlySet<string>): Promise<void> {
    const events = await manager.find(WebhookEvent, { where: { organizationId, type: 'applicant.duplicate_found' }, select: { id: true, payload: true } });
    const naming = events.filter((event) => {
      const duplicate = (JSON.parse(event.payload) as { data?: { duplicate?: { userId?: string } } }).data?.duplicate;
      return duplicate?.userId !== undefined && userIds.has(duplicate.userId);
    });
    if (naming.length > 0) await manager.delete(WebhookEvent, { id: In(naming.map((event) => event.id)) });
  }

  /** Other rows of the organization that name the applicants: other applicants' checks, organization-wide audit entries. */
  private async scrubMentions(
    manager: EntityManager,
    organizationId: string,
    applicantIds: readonly string[],
    userIds: ReadonlySet<string>,
    values: readonly string[],
  ): Promise<void> {
    if (values.length === 0) return;
    const like = (column: string) => values.map((_, i) => `${column} LIKE :v${i}`).join(' OR ');
    const params = Object.fromEntries(values.map((v, i) => [`v${i}`, `%${v}%`]));
    const checks = await manager
      .getRepository(ApplicantCheck)
      .createQueryBuilder('c')
      .innerJoin(Applicant, 'a', 'a.id = c.applicantId')
      .where('a.organizationId = :organizationId', { organizationId })
      .andWhere('c.applicantId NOT IN (:...applicantIds)', { applicantIds })
      .andWhere(`(${like('c.evidence')} OR ${like('c.detail')})`, params)
      .getMany();
    for (const check of checks) {
      const evidence = scrub(check.evidence, userIds, values);
      const detail = scrub(check.detail, userIds, values);
      await manager.update(
        ApplicantCheck,
        { id: check.id },
        { ...(evidence === undefined ? {} : { evidence: evidence as never }), ...(detail === undefined ? {} : { detail: detail as string }) },
      );
    }
    const events = await manager
      .getRepository(AuditEvent)
      .createQueryBuilder('e')
      .where('e.organizationId = :organizationId', { organizationId })
      .andWhere('(e.applicantId IS NULL OR e.applicantId NOT IN (:...applicantIds))', { applicantIds })
      .andWhere(`(${like('e.detail')})`, params)
      .getMany();
    for (const event of events) {
      const detail = scrub(event.detail, userIds, values);
      if (detail !== undefined) await manager.update(AuditEvent, { id: event.id }, { detail: detail as never });
    }
  }
}

function toTombstone(erasure: ApplicantErasure): ApplicantTombstoneDto {
  return { applicantId: erasure.applicantId, erasedAt: erasure.erasedAt.toISOString(), erasedBy: erasure.erasedByName, reason: erasure.reason };
}
