import { Inject, Injectable } from '@nestjs/common';
import { RateLimiter, type RateLimit } from '../common/rate-limit/rate-limiter.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import type { VerificationSettings } from '../config/environment.js';
import { rateLimited } from './kyc.errors.js';
import { addressKey } from '../common/rate-limit/address-key.js';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The verification page's abuse limits, counted in the shared rate limiter so every
 * replica counts together. The defaults are far above what one real end user or an
 * integrator's traffic needs and far below what one script sends in a minute.
 */
@Injectable()
export class AbuseLimitsService {
  private readonly settings: VerificationSettings;

  constructor(
    @Inject(appConfig.KEY) env: AppConfig,
    private readonly limiter: RateLimiter,
  ) {
    this.settings = env.verification;
  }

  /** A widget token asked for (new, renewed or exchanged for a session secret). */
  tokenIssued(ip: string | undefined): Promise<void> {
    return this.check(`kyc-token|${addressKey(ip)}`, { limit: this.settings.tokensPerIpPerMinute, windowMs: MINUTE_MS });
  }

  /** An applicant about to be created by a public link. */
  async applicantCreated(ip: string | undefined, organizationId: string): Promise<void> {
    await this.check(`kyc-applicant|${addressKey(ip)}`, { limit: this.settings.newApplicantsPerIpPerHour, windowMs: HOUR_MS });
    await this.check(`kyc-applicant-org|${organizationId}`, { limit: this.settings.newApplicantsPerOrganizationPerHour, windowMs: HOUR_MS });
  }

  /** A photo about to be stored: per address, per side of the session, and the session's byte budget. */
  async upload(ip: string | undefined, sessionId: string, slot: string, bytes: number): Promise<void> {
    const sessionWindow = this.settings.sessionTtlMs;
    await this.check(`kyc-upload|${addressKey(ip)}`, { limit: this.settings.uploadsPerIpPerMinute, windowMs: MINUTE_MS });
    await this.check(`kyc-upload-slot|${sessionId}|${slot}`, { limit: this.settings.photosPerSidePerSession, windowMs: sessionWindow });
    await this.check(`kyc-upload-bytes|${sessionId}`, { limit: this.settings.uploadBytesPerSession, windowMs: sessionWindow }, bytes);
  }

  submission(ip: string | undefined): Promise<void> {
    return this.check(`kyc-submit|${addressKey(ip)}`, { limit: this.settings.submissionsPerIpPerHour, windowMs: HOUR_MS });
  }

  private async check(key: string, limit: RateLimit, cost = 1): Promise<void> {
    const verdict = await this.limiter.hit(key, limit, cost);
    if (!verdict.allowed) throw rateLimited(verdict.retryAfterSeconds);
  }
}
