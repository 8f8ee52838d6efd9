import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyModule } from '../common/idempotency/idempotency.module.js';
import { User } from '../users/user.entity.js';
import { OwnerSettingsReader } from './owner-settings.reader.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookEvent } from './webhook-event.entity.js';
import { WebhookEventsService } from './webhook-events.service.js';
import { WebhookOutboxService } from './webhook-outbox.service.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookSettingsController } from './webhook-settings.controller.js';
import { WebhookSettingsService } from './webhook-settings.service.js';
import { WebhooksController } from './webhooks.controller.js';

/**
 * Webhook settings and signed webhooks out (Standard Webhooks) through a durable
 * outbox. The applicant lifecycle imports it for WebhookOutboxService.enqueue;
 * the verification page for OwnerSettingsReader.
 */
@Module({
  imports: [TypeOrmModule.forFeature([User, WebhookEvent, WebhookDelivery]), IdempotencyModule],
  controllers: [WebhookSettingsController, WebhooksController],
  providers: [WebhookSender, WebhookDispatcher, WebhookOutboxService, WebhookSettingsService, WebhookEventsService, OwnerSettingsReader],
  exports: [WebhookOutboxService, OwnerSettingsReader],
})
export class WebhooksModule {}
