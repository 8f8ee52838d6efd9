import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AnalysisModule } from './analysis/analysis.module.js';
import { appLogger } from './app.factory.js';
import { EventsModule } from './common/events/events.module.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { ConfigModule } from './config/config.module.js';
import { databaseRoot } from './database-root.js';
import { AppSqlModule } from './database/app-sql.module.js';

/**
 * What `npm run worker` runs: the analysis jobs from Redis, with the database and the
 * applicant lifecycle (results are recorded, audited, sent as webhooks by the app's
 * delivery and announced on the status bus) — no HTTP server, no scheduled jobs.
 */
@Module({
  imports: [ConfigModule, databaseRoot(), AppSqlModule, EventsModule, JobsModule, RateLimitModule, AnalysisModule.register('worker')],
})
export class WorkerModule {}

export async function createWorker(): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: appLogger() });
  await worker.init();
  return worker;
}
