import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan, LessThanOrEqual, Or } from 'typeorm';
import { Clock } from '../common/clock.js';
import { User } from '../users/user.entity.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEvent, type WebhookEventStatus } from './webhook-event.entity.js';
import { WebhookSender, type SendResult } from './webhook-sender.js';
import { signWebhook } from './webhook-signature.js';
import { DELIVERY_ERRORS } from './webhooks.messages.js';

/** How often every replica looks for due events. */
export const DISPATCH_INTERVAL_MS = 3_000;
/** A claim lasts this long; a replica that dies mid-attempt frees its events when it runs out. */
export const CLAIM_MS = 60_000;
/** Waits after the 1st, 2nd … failed attempt; after the last one the event has failed for good. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const BATCH_SIZE = 25;
const MAX_IN_FLIGHT = 200;
export const WEBHOOK_USER_AGENT = 'KYC-Platform-Webhooks/1.0';

/**
 * Sends due webhook events. Nudged in-process right after an event is committed,
 * and every few seconds on each replica. Each attempt is claimed with a conditional
 * UPDATE (lockedUntil) whose affected-row count says who won, so replicas running
 * at the same time never send the same attempt twice.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopped = false;
  private nudged = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly sender: WebhookSender,
  ) {}

  /** Events left pending by a previous run (crash, restart) go out as soon as the app is up. */
  onApplicationBootstrap(): void {
    this.nudge();
  }

  onModuleDestroy(): void {
    this.stopped = true;
  }

  /** Lets attempts under way record their outcome before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  @Interval('webhook-dispatcher', DISPATCH_INTERVAL_MS)
  tick(): void {
    if (this.stopped || this.inFlight.size >= MAX_IN_FLIGHT) return;
    this.track(this.runDue().catch((error: unknown) => this.logger.error(`Webhook dispatch failed: ${String(error)}`)));
  }

  /** Asks for a dispatch run soon (coalesced); used right after an event is committed. */
  nudge(): void {
    if (this.stopped || this.nudged) return;
    this.nudged = true;
    setImmediate(() => {
      this.nudged = false;
      this.tick();
    });
  }

  /** Claims and sends every due event (up to one batch); resolves with the number of attempts made. */
  async runDue(): Promise<number> {
    if (this.stopped) return 0;
    const now = this.clock.now();
    const due = await this.dataSource.getRepository(WebhookEvent).find({
      select: { id: true },
      where: { status: 'pending', nextAttemptAt: LessThanOrEqual(now), lockedUntil: Or(IsNull(), LessThan(now)) },
      order: { nextAttemptAt: 'ASC' },
      take: BATCH_SIZE,
    });
    const results = await Promise.all(due.map(({ id }) => this.attemptIfClaimed(id, now)));
    return results.filter(Boolean).length;
  }

  /**
   * Takes one due event for this process. True only for the one caller whose UPDATE
   * changed the row; everyone else (another replica, a parallel run) gets false.
   */
  async claim(id: string, now: Date = this.clock.now()): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(WebhookEvent)
      .update(
        { id, status: 'pending', nextAttemptAt: LessThanOrEqual(now), lockedUntil: Or(IsNull(), LessThan(now)) },
        { lockedUntil: new Date(now.getTime() + CLAIM_MS) },
      );
    return result.affected === 1;
  }

  /** Claims the event and makes one attempt now; false when someone else holds it or it is not due. */
  async attemptIfClaimed(id: string, now: Date = this.clock.now()): Promise<boolean> {
    if (this.stopped || !(await this.claim(id, now))) return false;
    await this.track(this.attempt(id));
    return true;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /** One attempt of a claimed event: sign, send, log the delivery, schedule the next step. */
  private async attempt(id: string): Promise<void> {
    const events = this.dataSource.getRepository(WebhookEvent);
    const event = await events.findOneBy({ id });
    if (!event) return;
    const recipient = await this.dataSource
      .getRepository(User)
      .findOne({ where: { id: event.userId }, select: { id: true, isDemo: true, webhookUrl: true, webhookSecret: true } });

    let result: SendResult;
    // A demo account's URL is whatever a visitor typed: the platform never calls it.
    const demo = recipient?.isDemo === true;
    if (demo) {
      result = { responseCode: null, error: DELIVERY_ERRORS.demo, delivered: false, durationMs: 0 };
    } else if (!recipient?.webhookUrl || !recipient.webhookSecret) {
      result = { responseCode: null, error: DELIVERY_ERRORS.noWebhook, delivered: false, durationMs: 0 };
    } else {
      const timestamp = Math.floor(this.clock.now().getTime() / 1000);
      result = await this.sender.send(
        recipient.webhookUrl,
        {
          'webhook-id': event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(recipient.webhookSecret, event.id, timestamp, event.payload),
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
        },
        event.payload,
      );
    }

    const attempt = event.attempts + 1;
    const finishedAt = this.clock.now();
    // Nothing to retry for a demo account: the attempt is final.
    const status: WebhookEventStatus = result.delivered ? 'delivered' : demo || attempt >= MAX_ATTEMPTS ? 'failed' : 'pending';
    const nextAttemptAt = status === 'pending' ? new Date(finishedAt.getTime() + RETRY_DELAYS_MS[attempt - 1]) : event.nextAttemptAt;
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(WebhookDelivery, {
        eventId: event.id,
        attempt,
        responseCode: result.responseCode,
        error: result.error,
        durationMs: result.durationMs,
        createdAt: finishedAt,
      });
      await manager.update(
        WebhookEvent,
        { id: event.id },
        {
          attempts: attempt,
          status,
          nextAttemptAt,
          lastResponseCode: result.responseCode,
          lastError: result.error,
          lockedUntil: null,
        },
      );
    });
    if (!result.delivered) {
      this.logger.warn(`Webhook ${event.id} attempt ${attempt} failed (${result.error}); now ${status}`);
    }
  }
}
