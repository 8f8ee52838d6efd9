import { Inject, Injectable, Logger } from '@nestjs/common';
import { KYC_ERRORS } from '../kyc.errors.js';
import { createHmac } from 'node:crypto';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import type { SumsubSettings } from '../../config/environment.js';

/**
 * Sumsub's request signature: hex HMAC-SHA256, keyed by the secret key, of
 * timestamp (seconds) + upper-case method + path with query + body.
 */
export function sumsubSignature(secretKey: string, ts: string, method: string, pathWithQuery: string, body: string): string {
  return createHmac('sha256', secretKey)
    .update(ts + method.toUpperCase() + pathWithQuery + body)
    .digest('hex');
}

/** The Sumsub applicant id we use: one Sumsub applicant per (organization, userId). */
export function sumsubExternalUserId(organizationId: string, userId: string): string {
  return `${organizationId}:${userId}`;
}

export function parseSumsubExternalUserId(value: string): { organizationId: string; userId: string } | null {
  const separator = value.indexOf(':');
  if (separator <= 0) return null;
  return { organizationId: value.slice(0, separator), userId: value.slice(separator + 1) };
}

@Injectable()
export class SumsubClient {
  private readonly logger = new Logger(SumsubClient.name);
  readonly settings: SumsubSettings | undefined;

  constructor(@Inject(appConfig.KEY) env: AppConfig) {
    this.settings = env.sumsub;
  }

  get enabled(): boolean {
    return this.settings !== undefined;
  }

  /** An access token for the WebSDK, for one applicant (POST /resources/accessTokens/sdk). */
  async createAccessToken(externalUserId: string, ttlInSecs = 900): Promise<string> {
    const settings = this.settings!;
    const path = '/resources/accessTokens/sdk';
    const body = JSON.stringify({ userId: externalUserId, levelName: settings.levelName, ttlInSecs });
    const ts = Math.floor(Date.now() / 1000).toString();
    let response: Response;
    try {
      response = await fetch(settings.baseUrl + path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-App-Token': settings.appToken,
          'X-App-Access-Ts': ts,
          'X-App-Access-Sig': sumsubSignature(settings.secretKey, ts, 'POST', path, body),
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      this.logger.error(`Sumsub did not answer: ${(error as Error).message}`);
      throw KYC_ERRORS.error('PROVIDER_UNREACHABLE');
    }
    const answer = (await response.json().catch(() => ({}))) as { token?: string; description?: string };
    if (!response.ok || !answer.token) {
      this.logger.error(`Sumsub refused an access token: ${response.status} ${answer.description ?? ''}`);
      throw KYC_ERRORS.error('PROVIDER_REFUSED');
    }
    return answer.token;
  }
}
