import { Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import { PageQueryDto } from '../common/paging/page-query.dto.js';
import { WebhookDeliveryDto, WebhookEventDto, WebhookEventPageDto } from './dto/webhook-event.dto.js';
import { WebhookSettingsDto } from './dto/webhook-settings.dto.js';
import { WebhookEventsService } from './webhook-events.service.js';
import { WebhookSettingsService } from './webhook-settings.service.js';
import { Idempotency } from '../common/idempotency/idempotency.js';
import { Idempotent } from '../common/idempotency/idempotent.decorator.js';
import { WEBHOOK_ERRORS } from './webhooks.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';
import { DELIVERIES_EXAMPLE, TEST_EVENT_EXAMPLE, WEBHOOK_EVENT_PAGE_EXAMPLE } from './webhooks.examples.js';

@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly settings: WebhookSettingsService,
    private readonly events: WebhookEventsService,
    private readonly idempotency: Idempotency,
  ) {}

  @Get('settings')
  @RequirePermission('webhooks', 'read')
  @ApiOkResponse({ type: WebhookSettingsDto })
  @ApiOperation({ summary: 'Read the webhook settings', description: "The account's webhook URL, redirect URL and signing secret." })
  getSettings(@CurrentUser() user: User): Promise<WebhookSettingsDto> {
    return this.settings.get(user.id);
  }

  @Post('secret/rotate')
  @HttpCode(200)
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: WebhookSettingsDto, description: 'The settings with the new secret; the old one stops verifying' })
  @ApiOperation({
    summary: 'Rotate the signing secret',
    description: 'Replaces the webhook signing secret; deliveries from then on are signed with the new one only.',
  })
  rotateSecret(@CurrentUser() user: User): Promise<WebhookSettingsDto> {
    return this.settings.rotateSecret(user.id);
  }

  @Get('events')
  @ApiKeyAllowed()
  @RequirePermission('webhooks', 'read')
  @ApiOkResponse({ type: WebhookEventPageDto, description: "The caller's events, newest first", example: WEBHOOK_EVENT_PAGE_EXAMPLE })
  @ApiOperation({
    summary: 'List webhook events',
    description: "The account's webhook events, newest first, with their status (pending, delivered, failed), attempts and the exact body sent.",
  })
  listEvents(@CurrentUser() user: User, @Query() query: PageQueryDto): Promise<WebhookEventPageDto> {
    return this.events.list(user.id, query.page, query.pageSize);
  }

  @Get('events/:id/deliveries')
  @ApiKeyAllowed()
  @RequirePermission('webhooks', 'read')
  @ApiOkResponse({ type: [WebhookDeliveryDto], description: 'Every attempt, first one first', example: DELIVERIES_EXAMPLE })
  @ApiNotFoundResponse({ description: 'No such event among the caller’s' })
  @ApiOperation({
    summary: "List an event's delivery attempts",
    description: 'Every attempt to deliver one webhook event, first one first: status code, error and duration.',
  })
  @ApiErrors(WEBHOOK_ERRORS, 'WEBHOOK_EVENT_NOT_FOUND')
  listDeliveries(@CurrentUser() user: User, @Param('id') id: string): Promise<WebhookDeliveryDto[]> {
    return this.events.deliveries(user.id, id);
  }

  @Post('events/:id/redeliver')
  @HttpCode(200)
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: WebhookEventDto, description: 'The event after the new attempt' })
  @ApiNotFoundResponse({ description: 'No such event among the caller’s' })
  @ApiOperation({
    summary: 'Redeliver a webhook event',
    description: 'Makes a new attempt now; a failed event becomes pending again and follows the retry schedule.',
  })
  @ApiErrors(WEBHOOK_ERRORS, 'WEBHOOK_EVENT_NOT_FOUND')
  redeliver(@CurrentUser() user: User, @Param('id') id: string): Promise<WebhookEventDto> {
    return this.events.redeliver(user.id, id);
  }

  @Post('test')
  @HttpCode(200)
  @ApiKeyAllowed()
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: WebhookEventDto, description: 'The webhook.test event after its first attempt', example: TEST_EVENT_EXAMPLE })
  @ApiBadRequestResponse({ description: 'No webhook URL is configured' })
  @ApiOperation({
    summary: 'Send a test event',
    description:
      'Sends a `webhook.test` event to the webhook URL at once and answers with the outcome of its first attempt. Retries are safe with an `Idempotency-Key`: a retry answers the first event instead of sending another.',
  })
  @ApiErrors(WEBHOOK_ERRORS, 'WEBHOOK_NOT_SET')
  @Idempotent()
  async sendTest(
    @CurrentUser() user: User,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<WebhookEventDto> {
    // A retry after a timeout must not send the integrator a second test event.
    const answer = await this.idempotency.run({ userId: user.id, operation: 'POST /api/webhooks/test' }, idempotencyKey, {}, () =>
      this.events.sendTest(user.id),
    );
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return answer.body;
  }
}
