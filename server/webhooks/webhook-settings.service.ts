import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { User } from '../users/user.entity.js';
import type { WebhookSettingsDto } from './dto/webhook-settings.dto.js';
import { assertWebhookUrlAllowed, INVALID_URL_MESSAGE, NOT_PUBLIC_MESSAGE, WebhookTargetError } from './ssrf-guard.js';
import { WEBHOOK_ERRORS } from './webhooks.errors.js';
import { generateWebhookSecret } from './webhook-signature.js';

function toSettings(user: Pick<User, 'webhookUrl' | 'redirectUrl' | 'webhookSecret'>): WebhookSettingsDto {
  return { webhook: user.webhookUrl, redirectUrl: user.redirectUrl, secret: user.webhookSecret };
}

/** The integrator's webhook URL, signing secret and redirect URL. */
@Injectable()
export class WebhookSettingsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(appConfig.KEY) private readonly env: AppConfig,
  ) {}

  private async load(userId: string): Promise<User> {
    return this.users.findOneOrFail({
      where: { id: userId },
      select: { id: true, webhookUrl: true, webhookSecret: true, redirectUrl: true },
    });
  }

  async get(userId: string): Promise<WebhookSettingsDto> {
    return toSettings(await this.load(userId));
  }

  /** Saves the webhook URL after the SSRF check; the first one also creates the signing secret. */
  async setWebhook(userId: string, webhook: string): Promise<WebhookSettingsDto> {
    try {
      await assertWebhookUrlAllowed(webhook, this.env.allowPrivateWebhooks);
    } catch (error) {
      if (error instanceof WebhookTargetError) {
        const code =
          error.message === NOT_PUBLIC_MESSAGE
            ? 'WEBHOOK_URL_PRIVATE'
            : error.message === INVALID_URL_MESSAGE
              ? 'WEBHOOK_URL_INVALID'
              : 'WEBHOOK_URL_UNRESOLVABLE';
        throw WEBHOOK_ERRORS.error(code);
      }
      throw error;
    }
    const user = await this.load(userId);
    user.webhookUrl = webhook;
    user.webhookSecret ??= generateWebhookSecret();
    await this.users.update(userId, { webhookUrl: user.webhookUrl, webhookSecret: user.webhookSecret });
    return toSettings(user);
  }

  async setRedirectUrl(userId: string, redirectUrl: string): Promise<WebhookSettingsDto> {
    await this.users.update(userId, { redirectUrl });
    return toSettings(await this.load(userId));
  }

  /** A new secret; the old one stops verifying at once (attempts from now on are signed with the new one). */
  async rotateSecret(userId: string): Promise<WebhookSettingsDto> {
    await this.users.update(userId, { webhookSecret: generateWebhookSecret() });
    return toSettings(await this.load(userId));
  }
}
