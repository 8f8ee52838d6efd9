#!/usr/bin/env node
// The raw baseline: node:http and the bare driver (better-sqlite3 or pg) answering the
// benchmarked routes — the applicants list, an applicant's details, /api/users/me — with
// the SAME work as the app (bench/lib/routes.mjs: the same authentication and tenancy
// lookups, the app's list reader and mappers imported from dist/, the same audit INSERT
// for a details view) and none of the framework. The CPU per request of the app divided
// by this one's measures what NestJS, Express, validation and TypeORM cost; the framework
// floor (bench/floor.mjs) runs the same routes.mjs inside a bare Nest + Express app.
//
//   PORT=4001 DATA_DIR=… node bench/baseline.mjs            (SQLite)
//   PORT=4001 DATABASE_URL=postgres://… node bench/baseline.mjs
import { createServer } from 'node:http';
import { parse } from 'node:querystring';
import { executorFromEnvironment } from './lib/executor.mjs';
import { benchRoutes, RouteError } from './lib/routes.mjs';

const port = Number(process.env.PORT ?? 4001);
const db = executorFromEnvironment();
const routes = await benchRoutes(db);

const json = (res, status, body) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const LIST = /^\/api\/projects\/([^/]+)\/applicants$/;
const DETAILS = /^\/api\/projects\/([^/]+)\/applicants\/([^/]+)$/;

/** The route's answer for a GET, or null when no route matches. */
function answer(req, path, search) {
  const { authorization } = req.headers;
  let match;
  if (path === '/api/health') return routes.health();
  if (path === '/api/users/me') return routes.me(authorization);
  // The query string as Express's default ("simple") parser reads it.
  if ((match = LIST.exec(path))) return routes.list(authorization, match[1], parse(search));
  if ((match = DETAILS.exec(path))) return routes.details(authorization, match[1], decodeURIComponent(match[2]));
  return null;
}

createServer(async (req, res) => {
  try {
    const mark = req.url.indexOf('?');
    const [path, search] = mark < 0 ? [req.url, ''] : [req.url.slice(0, mark), req.url.slice(mark + 1)];
    const body = req.method === 'GET' ? await answer(req, path, search) : null;
    if (body === null) return json(res, 404, { statusCode: 404, message: 'Not found', error: 'Not Found' });
    json(res, 200, body);
  } catch (error) {
    if (error instanceof RouteError) return json(res, error.status, error.body);
    process.stderr.write(`${error.stack}\n`);
    json(res, 500, { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' });
  }
}).listen(port, '127.0.0.1', () => process.stdout.write(`baseline (${db.dialect}) listening on ${port}\n`));
