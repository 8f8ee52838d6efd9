import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types.js';
import { createTestDatabase, reuseTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: NestExpressApplication;
  server: App;
  database: TestDatabase;
  close(): Promise<void>;
  /** Closes the app but keeps its database, so another app can start on the same data (restart tests). */
  stop(): Promise<void>;
}

export interface StartTestAppOptions {
  /** Start on this existing database (e.g. the one of a stopped app) instead of a fresh one. */
  database?: TestDatabase;
}

/** The real application (every module, middleware and migration) on a database of its own. */
export async function startTestApp(env: Record<string, string> = {}, options: StartTestAppOptions = {}): Promise<TestApp> {
  const database = options.database ? reuseTestDatabase(options.database) : await createTestDatabase();
  Object.assign(process.env, env);
  const { createApp } = await import('../../server/app.factory.js');
  const app = await createApp();
  await app.init();
  return {
    app,
    server: app.getHttpServer() as App,
    database,
    async close() {
      await app.close();
      await database.drop();
      for (const key of Object.keys(env)) delete process.env[key];
    },
    async stop() {
      await app.close();
      for (const key of Object.keys(env)) delete process.env[key];
    },
  };
}
