import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditActor } from '../../audit/audit.service.js';
import { AuditService } from '../../audit/audit.service.js';
import { Clock } from '../../common/clock.js';
import { supportsRowLocks } from '../../database/transaction.js';
import { WebhookOutboxService } from '../../webhooks/webhook-outbox.service.js';
import { ApplicantStatusPublisher } from '../applicant-status.publisher.js';
import { Applicant } from '../applicant.entity.js';
import { applicantChanged, applicantNotFound } from '../applicants.errors.js';
import { refreshFlaggedChecks } from '../list/flagged-checks.js';
import type { ApplicantChanges, LifecycleStep } from './transitions.js';

/** An applicant addressed by the integrator's id within its organization. */
export interface ApplicantRef {
  organizationId: string;
  userId: string;
}

/** An applicant by the integrator's id, or by its own. */
export type Locator = ApplicantRef | { id: string };

export interface ChangeOptions {
  actor: AuditActor;
  /** The version the caller saw; when given and stale, the change is refused with 409 APPLICANT_CHANGED. */
  expectedVersion?: number;
  /** Announce the resulting status on the live status streams (default true). */
  announce?: boolean;
  /** Added to every audit entry of the change: who did it, e.g. { sessionId, ip } on the verification page. */
  context?: Record<string, unknown>;
}

/** What a change's plan works with: the transaction, and the one time of the whole change. */
export interface ChangeContext {
  manager: EntityManager;
  now: Date;
}

/**
 * A use case's part of a change: given the locked applicant, write what belongs to the use
 * case (its own tables) and return the steps to apply to the applicant row, each with its
 * audit entry and webhook. Throwing refuses the whole change.
 */
export type ChangePlan = (applicant: Applicant, context: ChangeContext) => Promise<LifecycleStep[]>;

/**
 * The kernel of every applicant change: the one door through which an applicant's status,
 * review answer, identity data and photos change. Each change locks the row (a row lock on
 * PostgreSQL, the transaction gate on SQLite), checks the caller's version when given,
 * runs the use case's plan, writes each step with the injected clock, records the audit
 * entries (AuditService) and the webhook outbox rows (WebhookOutboxService) in the same
 * transaction, and announces the new status on the status bus after commit.
 *
 * The use cases live with the modules that own them and call `change` with their plan
 * (paths from server/): submission in kyc/verification-changes.ts, decisions in
 * review/decisions/decision-changes.ts, screening in
 * applicant-screening/screening-changes.ts, analysis results in
 * analysis/analysis-outcomes.ts, the policy in policy/automatic-decisions.ts,
 * staff edits in review/details/applicant-review.service.ts.
 */
@Injectable()
export class ApplicantLifecycle {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly outbox: WebhookOutboxService,
    private readonly statuses: ApplicantStatusPublisher,
  ) {}

  /** The applicant the verification page works on, created (kycStatus init) when new. */
  async open(ref: ApplicantRef): Promise<Applicant> {
    const repository = this.dataSource.getRepository(Applicant);
    const existing = await repository.findOneBy(ref);
    if (existing) return existing;
    try {
      return await repository.save(repository.create({ ...ref, kycStatus: 'init' }));
    } catch {
      // Two first requests raced on the unique (organizationId, userId): the other one created it.
      return repository.findOneByOrFail(ref);
    }
  }

  /** One change of one applicant (404 APPLICANT_NOT_FOUND when missing; with `missingIsNull`, null instead). */
  change(locator: Locator, options: ChangeOptions, plan: ChangePlan): Promise<Applicant>;
  change(locator: Locator, options: ChangeOptions, plan: ChangePlan, missingIsNull: true): Promise<Applicant | null>;
  async change(locator: Locator, options: ChangeOptions, plan: ChangePlan, missingIsNull = false): Promise<Applicant | null> {
    const result = await this.dataSource.transaction(async (manager) => {
      const changed = await this.apply(manager, locator, options, plan);
      if (!changed && !missingIsNull) throw applicantNotFound();
      return changed;
    });
    if (!result) return null;
    if (result.after !== result.before && options.announce !== false) await this.statuses.publish(result.after);
    return result.after;
  }

  /**
   * A second applicant changed inside a change's transaction (a plan's `context`), at the
   * same time: locked (after the first one), its plan's steps written, audited and their
   * webhooks queued like any change, committed or rolled back with the first. Announces
   * nothing: such a change keeps the applicant's status. Null when the applicant is gone.
   */
  async alsoChange(context: ChangeContext, locator: Locator, options: Omit<ChangeOptions, 'announce'>, plan: ChangePlan): Promise<Applicant | null> {
    return (await this.apply(context.manager, locator, options, plan, context.now))?.after ?? null;
  }

  /** One applicant's part of a change, in `manager`'s transaction, at `changedAt` (default: once the row is locked). */
  private async apply(
    manager: EntityManager,
    locator: Locator,
    options: Omit<ChangeOptions, 'announce'>,
    plan: ChangePlan,
    changedAt?: Date,
  ): Promise<{ before: Applicant; after: Applicant } | null> {
    const applicant = await this.lock(manager, locator);
    if (!applicant) return null;
    // A null version (which @IsOptional() lets through) is no precondition, like an absent one.
    if (options.expectedVersion != null && options.expectedVersion !== applicant.version) throw applicantChanged();
    const now = changedAt ?? this.clock.now();
    let current = applicant;
    for (const step of await plan(applicant, { manager, now })) {
      if (Object.keys(step.changes).length === 0 && !step.audit) continue;
      current = await this.write(manager, current, step.changes, now);
      if (step.audit) {
        await this.audit.record(manager, {
          actor: options.actor,
          organizationId: current.organizationId,
          applicantId: current.id,
          action: step.audit.action,
          detail: { ...step.audit.detail, ...options.context },
        });
      }
      if (step.event)
        await this.outbox.enqueue(manager, {
          organizationId: current.organizationId,
          type: step.event,
          applicant: current,
          extra: step.eventExtra,
          notBefore: step.eventNotBefore,
        });
    }
    // The list's flagged-checks column follows whatever checks the plan wrote.
    await refreshFlaggedChecks(manager, applicant);
    return { before: applicant, after: current };
  }

  /** Reads the applicant inside the transaction; on PostgreSQL locks the row until commit. */
  private async lock(manager: EntityManager, locator: Locator): Promise<Applicant | null> {
    const query = manager.getRepository(Applicant).createQueryBuilder('a');
    if ('id' in locator) query.where('a.id = :id', { id: locator.id });
    else query.where('a.organizationId = :organizationId', locator).andWhere('a.userId = :userId', locator);
    if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
    return query.getOne();
  }

  private async write(manager: EntityManager, applicant: Applicant, changes: ApplicantChanges, now: Date): Promise<Applicant> {
    const values = { ...changes, updatedAt: now, version: applicant.version + 1 };
    await manager.update(Applicant, { id: applicant.id }, values);
    return Object.assign(new Applicant(), applicant, values);
  }
}
