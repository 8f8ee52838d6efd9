import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { decrypt } from '../common/crypto.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { issueApiKey } from './api-key.js';
import { User } from '../users/user.entity.js';
import { API_KEY_ERRORS } from './api-keys.errors.js';
import type { ApiKeyDto } from './dto/api-key.dto.js';
import { MailService } from '../mail/mail.service.js';
import { securityNotice } from '../mail/security-notice.js';

/** One secret API key per account, looked up by its hash and kept encrypted so its owner can see it again. */
@Injectable()
export class ApiKeysService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    private readonly mail: MailService,
  ) {}

  /** The account's key; the first request creates it. */
  async get(userId: string): Promise<ApiKeyDto> {
    const stored = await this.users.findOneOrFail({ where: { id: userId }, select: { id: true, apiKeyEncrypted: true } });
    if (stored.apiKeyEncrypted) return { apiKey: this.reveal(stored.apiKeyEncrypted) };
    const issued = issueApiKey(this.env.appSecret);
    // Only if there is still none: two first requests at once end with one key.
    await this.users.update({ id: userId, apiKeyEncrypted: IsNull() }, { apiKeyHash: issued.apiKeyHash, apiKeyEncrypted: issued.apiKeyEncrypted });
    const current = await this.users.findOneOrFail({ where: { id: userId }, select: { id: true, apiKeyEncrypted: true } });
    return { apiKey: this.reveal(current.apiKeyEncrypted as string) };
  }

  /** A new key; the old one stops authenticating at once (its hash is gone). */
  async regenerate(user: Pick<User, 'id' | 'username' | 'email'>): Promise<ApiKeyDto> {
    const issued = issueApiKey(this.env.appSecret);
    await this.users.update(user.id, { apiKeyHash: issued.apiKeyHash, apiKeyEncrypted: issued.apiKeyEncrypted });
    this.mail.sendInBackground(
      securityNotice(user, 'Your API key was replaced', ['A new API key was generated for your KYC platform account; the previous one no longer works.']),
    );
    return { apiKey: issued.apiKey };
  }

  private reveal(encrypted: string): string {
    try {
      return decrypt(encrypted, this.env.appSecret);
    } catch {
      throw API_KEY_ERRORS.error('API_KEY_UNREADABLE');
    }
  }
}
