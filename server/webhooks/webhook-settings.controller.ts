import { Body, Controller, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBadRequestResponse, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import { UpdateRedirectUrlDto, UpdateWebhookDto, WebhookSettingsDto } from './dto/webhook-settings.dto.js';
import { WebhookSettingsService } from './webhook-settings.service.js';
import { WEBHOOK_ERRORS } from './webhooks.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';
import { SET_REDIRECT_URL_EXAMPLE, SET_WEBHOOK_EXAMPLE, WEBHOOK_SETTINGS_EXAMPLE } from './webhooks.examples.js';

/**
 * The signing secret is shown only to a signed-in session (the dashboard), never in an
 * answer to an API key: a leaked key must not also yield the means to forge webhooks.
 */
function forCaller(req: Request, settings: WebhookSettingsDto): WebhookSettingsDto {
  return req.authMethod === 'session' ? settings : { ...settings, secret: null };
}

/**
 * The spec's PUT /users/webhook and PUT /users/redirect-url. They live with the
 * webhooks module (the users module owns the other /users routes). Where results go is
 * part of the integrator surface: the integrator's server may set both with its API key.
 */
@ApiTags('users')
@Controller('users')
export class WebhookSettingsController {
  constructor(private readonly settings: WebhookSettingsService) {}

  @Put('webhook')
  @ApiKeyAllowed()
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: WebhookSettingsDto, description: 'Saved; the first webhook also gets a signing secret', example: WEBHOOK_SETTINGS_EXAMPLE })
  @ApiBody({ type: UpdateWebhookDto, examples: { 'your endpoint': { value: SET_WEBHOOK_EXAMPLE } } })
  @ApiBadRequestResponse({ description: "Not an http(s) URL, or 'Webhook URL must point to a public address'" })
  @ApiOperation({
    summary: 'Set the webhook URL',
    description:
      "Where the account's events are sent (http or https, a public address). Saving the first webhook URL creates the signing secret (`whsec_…`), shown in the answer only to a signed-in session: with an API key `secret` is null (read it on the dashboard's Developer page).",
  })
  @ApiErrors(WEBHOOK_ERRORS, 'WEBHOOK_URL_INVALID', 'WEBHOOK_URL_PRIVATE', 'WEBHOOK_URL_UNRESOLVABLE')
  async setWebhook(@CurrentUser() user: User, @Body() body: UpdateWebhookDto, @Req() req: Request): Promise<WebhookSettingsDto> {
    return forCaller(req, await this.settings.setWebhook(user.id, body.webhook));
  }

  @Put('redirect-url')
  @ApiKeyAllowed()
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: WebhookSettingsDto, example: WEBHOOK_SETTINGS_EXAMPLE })
  @ApiBody({ type: UpdateRedirectUrlDto, examples: { 'your page': { value: SET_REDIRECT_URL_EXAMPLE } } })
  @ApiBadRequestResponse({ description: "['redirectUrl must be a URL address'] for a value that is not an http(s) URL" })
  @ApiOperation({
    summary: 'Set the redirect URL',
    description: 'Where the verification page sends the end user when they finish (http or https), unless their session link names another.',
  })
  async setRedirectUrl(@CurrentUser() user: User, @Body() body: UpdateRedirectUrlDto, @Req() req: Request): Promise<WebhookSettingsDto> {
    return forCaller(req, await this.settings.setRedirectUrl(user.id, body.redirectUrl));
  }
}
