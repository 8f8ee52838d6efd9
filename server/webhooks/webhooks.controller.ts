import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import { PageQueryDto } from '../common/paging/page-query.dto.js';
import { WebhookDeliveryDto, WebhookEventDto, WebhookEventPageDto } from './dto/webhook-event.dto.js';
import { WebhookSettingsDto } from './dto/webhook-settings.dto.js';
import { WebhookEventsService } from './webhook-events.service.js';
import { WebhookSettingsService } from './webhook-settings.service.js';

@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly settings: WebhookSettingsService,
    private readonly events: WebhookEventsService,
  ) {}

  @Get('settings')
  @RequirePermission('webhooks', 'read')
  @ApiOkResponse({ type: WebhookSettingsDto })
  getSettings(@CurrentUser() user: User): Promise<WebhookSettingsDto> {
    return this.settings.get(user.id);
  }

  @Post('secret/rotate')
  @HttpCode(200)
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: WebhookSettingsDto, description: 'The settings with the new secret; the old one stops verifying' })
  rotateSecret(@CurrentUser() user: User): Promise<WebhookSettingsDto> {
    return this.settings.rotateSecret(user.id);
  }

  @Get('events')
  @ApiKeyAllowed()
  @RequirePermission('webhooks', 'read')
  @ApiOkResponse({ type: WebhookEventPageDto, description: "The caller's events, newest first" })
  listEvents(@CurrentUser() user: User, @Query() query: PageQueryDto): Promise<WebhookEventPageDto> {
    return this.events.list(user.id, query.page, query.pageSize);
  }

  @Get('events/:id/deliveries')
  @ApiKeyAllowed()
  @RequirePermission('webhooks', 'read')
  @ApiOkResponse({ type: [WebhookDeliveryDto], description: 'Every attempt, first one first' })
  @ApiNotFoundResponse({ description: 'No such event among the caller’s' })
  listDeliveries(@CurrentUser() user: User, @Param('id') id: string): Promise<WebhookDeliveryDto[]> {
    return this.events.deliveries(user.id, id);
  }

  @Post('events/:id/redeliver')
  @HttpCode(200)
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: WebhookEventDto, description: 'The event after the new attempt' })
  @ApiNotFoundResponse({ description: 'No such event among the caller’s' })
  redeliver(@CurrentUser() user: User, @Param('id') id: string): Promise<WebhookEventDto> {
    return this.events.redeliver(user.id, id);
  }

  @Post('test')
  @HttpCode(200)
  @ApiKeyAllowed()
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: WebhookEventDto, description: 'The webhook.test event after its first attempt' })
  @ApiBadRequestResponse({ description: 'No webhook URL is configured' })
  sendTest(@CurrentUser() user: User): Promise<WebhookEventDto> {
    return this.events.sendTest(user.id);
  }
}
