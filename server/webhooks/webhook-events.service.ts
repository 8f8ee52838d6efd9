import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import { Clock } from '../common/clock.js';
import { pageMeta, pageOffset } from '../common/paging/page-meta.dto.js';
import { User } from '../users/user.entity.js';
import type { WebhookDeliveryDto, WebhookEventDto, WebhookEventPageDto } from './dto/webhook-event.dto.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookEvent } from './webhook-event.entity.js';
import { WebhookOutboxService } from './webhook-outbox.service.js';
import { WEBHOOK_ERRORS } from './webhooks.errors.js';

function toEventDto(event: WebhookEvent): WebhookEventDto {
  return {
    id: event.id,
    type: event.type,
    status: event.status,
    attempts: event.attempts,
    lastResponseCode: event.lastResponseCode,
    lastError: event.lastError,
    nextAttemptAt: event.status === 'pending' ? event.nextAttemptAt.toISOString() : null,
    createdAt: event.createdAt.toISOString(),
    organizationId: event.organizationId,
    applicantUserId: event.applicantUserId,
    payload: event.payload,
  };
}

function toDeliveryDto(delivery: WebhookDelivery): WebhookDeliveryDto {
  return {
    id: delivery.id,
    attempt: delivery.attempt,
    responseCode: delivery.responseCode,
    error: delivery.error,
    durationMs: delivery.durationMs,
    createdAt: delivery.createdAt.toISOString(),
  };
}

/** The developer screens' view of the caller's own webhook events and their delivery log. */
@Injectable()
export class WebhookEventsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly outbox: WebhookOutboxService,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  async list(userId: string, page: number, pageSize: number): Promise<WebhookEventPageDto> {
    const [events, totalItems] = await this.dataSource.getRepository(WebhookEvent).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: pageOffset(page, pageSize),
      take: pageSize,
    });
    return { items: events.map(toEventDto), meta: pageMeta(page, pageSize, totalItems, events.length) };
  }

  /** The caller's event, or 404 — another account's event is indistinguishable from a missing one. */
  private async own(userId: string, eventId: string): Promise<WebhookEvent> {
    const event = isUUID(eventId) ? await this.dataSource.getRepository(WebhookEvent).findOneBy({ id: eventId, userId }) : null;
    if (!event) throw WEBHOOK_ERRORS.error('WEBHOOK_EVENT_NOT_FOUND');
    return event;
  }

  async deliveries(userId: string, eventId: string): Promise<WebhookDeliveryDto[]> {
    await this.own(userId, eventId);
    const rows = await this.dataSource.getRepository(WebhookDelivery).find({ where: { eventId }, order: { attempt: 'ASC', createdAt: 'ASC' } });
    return rows.map(toDeliveryDto);
  }

  /** Makes a new attempt now; a failed (or delivered) event becomes pending again first. */
  async redeliver(userId: string, eventId: string): Promise<WebhookEventDto> {
    await this.own(userId, eventId);
    const now = this.clock.now();
    await this.dataSource.getRepository(WebhookEvent).update({ id: eventId }, { status: 'pending', nextAttemptAt: now });
    await this.dispatcher.attemptIfClaimed(eventId, now);
    return toEventDto(await this.own(userId, eventId));
  }

  /** Sends a `webhook.test` event to the configured URL now and answers with its outcome. */
  async sendTest(userId: string): Promise<WebhookEventDto> {
    const user = await this.dataSource.getRepository(User).findOne({ where: { id: userId }, select: { id: true, webhookUrl: true } });
    if (!user?.webhookUrl) throw WEBHOOK_ERRORS.error('WEBHOOK_NOT_SET');
    const eventId = await this.outbox.enqueueTest(this.dataSource.manager, userId);
    await this.dispatcher.attemptIfClaimed(eventId);
    return toEventDto(await this.own(userId, eventId));
  }
}
