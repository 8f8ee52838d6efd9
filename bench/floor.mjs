#!/usr/bin/env node
// The framework floor: a bare NestJS + Express application (@nestjs/platform-express, the
// adapter the app is built on) with one module and one controller serving the benchmarked
// routes, each running exactly the app's SQL through bench/lib/routes.mjs (the work the raw
// baseline does too), under the app's global prefix `api`. Nothing else: no middleware,
// global pipes, guards, interceptors or filters, no helmet, session or request log, no
// body parser, no logger; Express's ETag and X-Powered-By are off (ETag hashing is
// per-request work the app is to drop, not part of the framework's floor). Handlers return the answer and Nest serialises
// it, as the app's controllers do; a refusal is thrown as an HttpException.
//
//   PORT=4002 DATA_DIR=… node bench/floor.mjs            (SQLite)
//   PORT=4002 DATABASE_URL=postgres://… node bench/floor.mjs
import 'reflect-metadata';
import { Controller, Get, Headers, HttpException, Module, Param, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { executorFromEnvironment } from './lib/executor.mjs';
import { benchRoutes, RouteError } from './lib/routes.mjs';

const port = Number(process.env.PORT ?? 4002);
const routes = await benchRoutes(executorFromEnvironment());

async function answer(work) {
  try {
    return await work();
  } catch (error) {
    throw error instanceof RouteError ? new HttpException(error.body, error.status) : error;
  }
}

class FloorController {
  health() {
    return routes.health();
  }

  me(authorization) {
    return answer(() => routes.me(authorization));
  }

  list(authorization, id, query) {
    return answer(() => routes.list(authorization, id, query));
  }

  details(authorization, id, userId) {
    return answer(() => routes.details(authorization, id, userId));
  }
}

// Plain JavaScript has no decorator syntax: the decorators are applied by hand, as
// TypeScript's compiled code applies them.
function route(method, path, parameters) {
  const prototype = FloorController.prototype;
  Get(path)(prototype, method, Object.getOwnPropertyDescriptor(prototype, method));
  parameters.forEach((parameter, index) => parameter(prototype, method, index));
}
route('health', 'health', []);
route('me', 'users/me', [Headers('authorization')]);
route('list', 'projects/:id/applicants', [Headers('authorization'), Param('id'), Query()]);
route('details', 'projects/:id/applicants/:userId', [Headers('authorization'), Param('id'), Param('userId')]);
Controller()(FloorController);

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

// BENCH_FLOOR_ADAPTER=app: the app's Express adapter (server/common/http/express-adapter.ts,
// requests and responses with their fields declared) instead of Nest's own, to measure
// what it saves the framework (run.mjs, "declared fields").
const adapter = process.env.BENCH_FLOOR_ADAPTER === 'app' ? [new (await import('../dist/server/common/http/express-adapter.js')).AppExpressAdapter()] : [];
const app = await NestFactory.create(FloorModule, ...adapter, { logger: false, bodyParser: false });
app.disable('x-powered-by');
app.set('etag', false);
app.setGlobalPrefix('api');
await app.listen(port, '127.0.0.1');
process.stdout.write(`floor listening on ${port}\n`);
