import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, LessThan, type Repository } from 'typeorm';
import { PasswordService } from '../auth/password.service.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { Clock } from '../common/clock.js';
import { JobLockService } from '../common/jobs/job-lock.service.js';
import { RateLimiter } from '../common/rate-limit/rate-limiter.js';
import { AccountDeletionService } from '../auth/account-deletion.service.js';
import { User } from '../users/user.entity.js';
import { generateWebhookSecret } from '../webhooks/webhook-signature.js';
import { FakeSubmissionPool } from '../analysis/fake-submission-pool.js';
import { DemoDatasets, insertDemoSubmissions, seedDemoAccount, type DemoDataset, type PendingSubmissions } from './demo-seed.js';
import { DEMO_ERRORS } from './demo.errors.js';
import { DEMO_LIFETIME_MS, DEMO_MESSAGES, DEMO_PASSWORD, DEMO_REDIRECT_URL, DEMO_WEBHOOK_URL } from './demo.constants.js';
import { addressKey } from '../common/rate-limit/address-key.js';

/** How often expired demo accounts are looked for. */
export const DEMO_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

@Injectable()
export class DemoService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DemoService.name);
  /** Every demo account has the same password: hash it once, not per account. */
  private passwordHash: Promise<string>;
  /** One thread draws the demo documents, leaving the other cores to requests and analyses. */
  private readonly pool = new FakeSubmissionPool(1);
  private readonly datasets = new DemoDatasets(this.pool, {
    drawn: (applicants, ms) => this.logger.log(`Drew the demo documents of ${applicants} applicants in ${(ms / 1000).toFixed(1)} s`),
    failed: (error) => {
      if (!this.closing) this.logger.error(`Drawing the demo documents failed: ${String(error)}`);
    },
  });
  private closing = false;
  /** Accounts created before their dataset's photos were drawn, being completed. */
  private readonly completing = new Set<Promise<void>>();

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly limiter: RateLimiter,
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly deletion: AccountDeletionService,
    private readonly jobs: JobLockService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.passwordHash = this.passwords.hash(DEMO_PASSWORD);
  }

  /**
   * Starts drawing the shared demo documents on the background thread, so that the first
   * visitor's account gets them at once (the server calls it when it listens).
   */
  prepare(): void {
    this.datasets.get(this.clock.now());
  }

  /** Resolves when every account is complete: its photos and analysis results stored. */
  async settled(): Promise<void> {
    while (this.completing.size > 0) await Promise.all(this.completing);
  }

  /** Stops a drawing under way (its accounts stay without photos) and lets the completions in progress finish. */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.pool.destroy();
    await this.settled();
  }

  /** A new demo account, seeded with organizations, applicants, decisions and webhook deliveries. */
  async register(ip: string | undefined): Promise<{ email: string }> {
    // A public endpoint that writes a few hundred rows must not become a denial-of-service lever.
    const verdict = await this.limiter.hit(`demo|${addressKey(ip)}`, { limit: this.env.demoAccountsPerHour, windowMs: 60 * 60 * 1000 });
    if (!verdict.allowed) {
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
      throw DEMO_ERRORS.error('DEMO_LIMIT_REACHED', DEMO_MESSAGES.tooMany(minutes)).retryAfter(verdict.retryAfterSeconds);
    }
    const tag = randomBytes(8).toString('hex');
    const now = this.clock.now();
    const passwordHash = await this.passwordHash;
    const email = `demo-${tag}@demo.kyc.invalid`;
    const dataset = this.datasets.get(now);
    const pending = await this.dataSource.transaction(async (manager) => {
      const user = await manager.save(
        manager.create(User, {
          username: `demo-${tag.slice(0, 10)}`,
          email,
          passwordHash,
          role: 'kyc',
          isDemo: true,
          isConfirmed: true,
          webhookUrl: DEMO_WEBHOOK_URL,
          webhookSecret: generateWebhookSecret(),
          redirectUrl: DEMO_REDIRECT_URL,
          createdAt: now,
        }),
      );
      return seedDemoAccount(manager, user.id, now, dataset);
    });
    // Never waits for the drawing: a first account completes once it is done.
    if (pending) this.complete(dataset, pending);
    return { email };
  }

  private complete(dataset: DemoDataset, pending: PendingSubmissions): void {
    const done = dataset.submissions
      .then(async (submissions) => {
        if (submissions) await this.dataSource.transaction((manager) => insertDemoSubmissions(manager, pending, submissions));
      })
      // The account may be gone already (its visitor logged out).
      .catch((error: unknown) => this.logger.warn(`A demo account's documents were not stored: ${String(error)}`))
      .finally(() => this.completing.delete(done));
    this.completing.add(done);
  }

  /** Deletes every demo account older than 24 hours, with all it owns; resolves with how many. */
  async deleteExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - DEMO_LIFETIME_MS);
    const expired = await this.users.find({ where: { isDemo: true, createdAt: LessThan(cutoff) }, select: { id: true } });
    await this.deletion.delete(expired.map((user) => user.id));
    return expired.length;
  }

  /** On one replica per slot, however many run. */
  @Interval('demo-cleanup', DEMO_CLEANUP_INTERVAL_MS)
  async cleanup(): Promise<void> {
    await this.jobs.runOnce('demo-cleanup', DEMO_CLEANUP_INTERVAL_MS - 30_000, async () => {
      const deleted = await this.deleteExpired();
      if (deleted > 0) this.logger.log(`Deleted ${deleted} demo account(s) older than 24 hours`);
    });
  }
}
