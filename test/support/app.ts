import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: NestExpressApplication;
  server: App;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real application (every module, middleware and migration) on a database of its own. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
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
  };
}
