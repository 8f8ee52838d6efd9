import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { AppValidationPipe } from './common/errors/validation-pipe.js';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter.js';
import { CallerMiddleware } from './auth/caller.middleware.js';
import { AppExpressAdapter } from './common/http/express-adapter.js';
import { frontDoor } from './common/http/front-door.js';
import { appConfig, type AppConfig } from './config/config.module.js';
import { loadEnvironment } from './config/environment.js';
import { setupOpenApi } from './openapi.js';

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** One JSON line per log entry, at LOG_LEVEL and above (the app and `npm run worker`). */
export function appLogger(): ConsoleLogger {
  const wanted = (process.env.LOG_LEVEL ?? 'log') as LogLevel;
  const index = LOG_LEVELS.indexOf(wanted);
  return new ConsoleLogger({ json: true, logLevels: LOG_LEVELS.slice(0, index < 0 ? 4 : index + 1) });
}

/**
 * Builds the fully configured application — the same pipeline for `main.ts`, the
 * supertest suites and the OpenAPI generator.
 */
export async function createApp(): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new AppExpressAdapter(loadEnvironment().http), {
    bodyParser: false,
    logger: appLogger(),
  });
  const env = app.get<AppConfig>(appConfig.KEY);
  app.set('trust proxy', env.trustProxy ? 1 : false);
  app.disable('x-powered-by');
  // Every API answer is Cache-Control: no-store, so a validator would never be used:
  // no SHA-1 of each body. (Static files keep serve-static's own ETag.)
  app.set('etag', false);
  // Headers, request log, body and input check, the caller: one layer before the routes.
  app.use(frontDoor(env, app.get(CallerMiddleware)));
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new AppValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  setupOpenApi(app);
  return app;
}
