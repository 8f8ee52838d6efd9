import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  In,
  IsNull,
  MoreThan,
  MoreThanOrEqual,
  type DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
} from 'typeorm';
import { Clock } from '../common/clock.js';
import { OwnerSettingsReader } from './owner-settings.reader.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookEvent } from './webhook-event.entity.js';
import {
  applicantEventBody,
  testEventBody,
  type ApplicantEventExtra,
  type ApplicantEventType,
  type ApplicantSnapshot,
  type WebhookBody,
} from './webhook-events.js';

export interface ApplicantEventInput {
  organizationId: string;
  type: ApplicantEventType;
  applicant: ApplicantSnapshot;
  extra?: ApplicantEventExtra;
  /** Not sent before then (a staff decision waits out its undo window); default: at once. */
  notBefore?: Date;
}

/**
 * Writes webhook events into the outbox table inside the caller's transaction, so an
 * event exists exactly when the change it reports was committed. The dispatcher is
 * nudged after that commit (never before: it could otherwise send a change that is
 * then rolled back).
 */
@Injectable()
export class WebhookOutboxService {
  /** Transactions that wrote an event and whose commit should nudge the dispatcher. */
  private readonly awaitingCommit = new WeakSet<QueryRunner>();

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly clock: Clock,
    private readonly dispatcher: WebhookDispatcher,
    private readonly ownerSettings: OwnerSettingsReader,
  ) {
    const onEnd = (event: TransactionCommitEvent, commit: boolean) => {
      const runner = event.queryRunner;
      if (runner.isTransactionActive || !this.awaitingCommit.has(runner)) return;
      this.awaitingCommit.delete(runner);
      if (commit) this.dispatcher.nudge();
    };
    const listener: EntitySubscriberInterface = {
      afterTransactionCommit: (event) => onEnd(event, true),
      afterTransactionRollback: (event) => onEnd(event, false),
    };
    dataSource.subscribers.push(listener);
  }

  /**
   * Records an applicant event for the owner of the organization, in `manager`'s
   * transaction. Nothing is written when the owner has no webhook URL.
   * Resolves with the event id, or null when skipped.
   */
  async enqueue(manager: EntityManager, input: ApplicantEventInput): Promise<string | null> {
    const owner = await this.ownerSettings.forOrganization(input.organizationId, manager);
    if (!owner?.webhookUrl) return null;
    const now = this.clock.now();
    return this.write(manager, {
      userId: owner.ownerId,
      organizationId: input.organizationId,
      applicantUserId: input.applicant.userId,
      body: applicantEventBody(input.type, now, input.organizationId, input.applicant, input.extra),
      now,
      notBefore: input.notBefore,
    });
  }

  /**
   * Withdraws an applicant's events never attempted (pending, no attempt, not being sent),
   * in `manager`'s transaction: those of `types` (default: any), created since
   * `createdSince` and, with `dueAfter`, due only after it (a decision still waiting out its
   * undo window). Resolves with how many were withdrawn.
   */
  async withdraw(
    manager: EntityManager,
    applicant: { organizationId: string; userId: string },
    filter: { types?: readonly ApplicantEventType[]; createdSince?: Date; dueAfter?: Date } = {},
  ): Promise<number> {
    const removed = await manager.delete(WebhookEvent, {
      organizationId: applicant.organizationId,
      applicantUserId: applicant.userId,
      status: 'pending',
      attempts: 0,
      lockedUntil: IsNull(),
      ...(filter.types ? { type: In([...filter.types]) } : {}),
      ...(filter.createdSince ? { createdAt: MoreThanOrEqual(filter.createdSince) } : {}),
      ...(filter.dueAfter ? { nextAttemptAt: MoreThan(filter.dueAfter) } : {}),
    });
    return removed.affected ?? 0;
  }

  /**
   * Records a `webhook.test` event for the account (which must have a webhook URL).
   * No nudge: the caller attempts it at once to answer with the outcome.
   */
  enqueueTest(manager: EntityManager, userId: string): Promise<string> {
    const now = this.clock.now();
    return this.write(manager, { userId, organizationId: null, applicantUserId: null, body: testEventBody(now), now }, false);
  }

  private async write(
    manager: EntityManager,
    event: {
      userId: string;
      organizationId: string | null;
      applicantUserId: string | null;
      body: WebhookBody<unknown>;
      now: Date;
      notBefore?: Date;
    },
    nudge = true,
  ): Promise<string> {
    const saved = await manager.save(
      manager.create(WebhookEvent, {
        userId: event.userId,
        organizationId: event.organizationId,
        applicantUserId: event.applicantUserId,
        type: event.body.type,
        payload: JSON.stringify(event.body),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: event.notBefore ?? event.now,
        lastResponseCode: null,
        lastError: null,
        lockedUntil: null,
        createdAt: event.now,
      }),
    );
    if (nudge) this.nudgeAfterCommit(manager);
    return saved.id;
  }

  private nudgeAfterCommit(manager: EntityManager): void {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) this.awaitingCommit.add(runner);
    else this.dispatcher.nudge();
  }
}
