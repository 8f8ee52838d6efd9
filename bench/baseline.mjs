#!/usr/bin/env node
// The raw baseline: node:http and the bare driver (better-sqlite3 or pg) answering the
// two benchmarked routes with the SAME SQL as the app — the same authentication and
// tenancy lookups, the same list reader (imported from the built app, so the same
// statements, caches and checkpoints), the same audit INSERT for a details view — and
// none of the framework. The app's throughput divided by this one's measures what
// NestJS, Express, validation and TypeORM cost.
//
//   PORT=4001 DATA_DIR=… node bench/baseline.mjs            (SQLite)
//   PORT=4001 DATABASE_URL=postgres://… node bench/baseline.mjs
import Database from 'better-sqlite3';
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { ApplicantListReader } from '../dist/server/applicants/list/applicant-list.reader.js';
import { toApplicantDetails } from '../dist/server/applicants/applicant.mapper.js';
import { toListItems } from '../dist/server/applicants/list/list-items.js';
import { toListFilters } from '../dist/server/applicants/queue-filters.js';
import { pageMeta } from '../dist/server/common/paging/page-meta.dto.js';

const port = Number(process.env.PORT ?? 4001);
const postgres = Boolean(process.env.DATABASE_URL);

/** query(sql, params) → rows (prepared statements cached, like TypeORM's). */
function sqliteDriver() {
  const db = new Database(join(process.env.DATA_DIR, 'kyc.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const statements = new Map();
  const prepare = (sql) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  return {
    dialect: 'sqlite',
    query: async (sql, params = []) => {
      const statement = prepare(sql);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    },
    readsCommittedState: () => !db.inTransaction,
    placeholder: () => '?',
  };
}

function postgresDriver() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  return {
    dialect: 'postgres',
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    readsCommittedState: () => true,
    placeholder: (n) => `$${n}`,
  };
}

const db = postgres ? postgresDriver() : sqliteDriver();
const $ = db.placeholder;
const reader = new ApplicantListReader(db);

const json = (res, status, body) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

/** What the app's middleware, guard and tenancy check read for each request. */
async function authorize(req, organizationId) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!bearer) return null;
  const [user] = await db.query(`SELECT * FROM "users" WHERE "apiKeyHash" = ${$(1)} LIMIT 1`, [createHash('sha256').update(bearer).digest('hex')]);
  if (!user || user.isDemo === 1 || user.isDemo === true) return null;
  const [permission] = await db.query(
    `SELECT "id", "actions" FROM "permissions" WHERE "role" = ${$(1)} AND "resource" = ${$(2)} LIMIT 1`,
    [user.role, 'applicants'],
  );
  if (!permission || !JSON.parse(permission.actions).includes('read')) return null;
  const [organization] = await db.query(
    `SELECT "o"."id", "o"."name", "o"."ownerId", "o"."companyKey", "o"."createdAt" FROM "organizations" "o" WHERE "o"."id" = ${$(1)}` +
      ` AND ("o"."id" IN (SELECT "own"."id" FROM "organizations" "own" WHERE "own"."ownerId" = ${$(2)})` +
      ` OR "o"."id" IN (SELECT "mem"."organizationId" FROM "organization_members" "mem" WHERE "mem"."userId" = ${$(3)}))`,
    [organizationId.toLowerCase(), user.id, user.id],
  );
  if (!organization) return null;
  if (organization.ownerId !== user.id) {
    await db.query(`SELECT 1 FROM "organization_members" WHERE "organizationId" = ${$(1)} AND "userId" = ${$(2)} LIMIT 1`, [organization.id, user.id]);
  }
  return { user, organization };
}

async function list(req, res, organizationId, url) {
  const access = await authorize(req, organizationId);
  if (!access) return json(res, 404, { statusCode: 404, message: 'Organization not found', error: 'Not Found' });
  const query = url.searchParams;
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? 10);
  // The work-queue filters as the app's DTO reads them (trimmed, empty = absent; status a list).
  const param = (name) => query.get(name)?.trim() || undefined;
  const status = param('status')?.split(',').map((value) => value.trim()).filter(Boolean);
  const filterQuery = {
    status,
    reviewAnswer: param('reviewAnswer'),
    flagged: param('flagged'),
    assignee: param('assignee'),
    submittedFrom: param('submittedFrom'),
    submittedTo: param('submittedTo'),
    documentType: param('documentType'),
    tag: param('tag'),
  };
  const { rows, total } = await reader.list({
    organizationId: access.organization.id,
    page,
    pageSize,
    orderBy: query.get('orderBy') ?? 'userId',
    direction: query.get('orderDirection') === 'asc' ? 'asc' : 'desc',
    search: query.get('search')?.trim() || undefined,
    filters: toListFilters(access.user, filterQuery),
  });
  json(res, 200, { items: await toListItems(db, rows), meta: pageMeta(page, pageSize, total, rows.length) });
}

async function details(req, res, organizationId, userId) {
  const access = await authorize(req, organizationId);
  if (!access) return json(res, 404, { statusCode: 404, message: 'Organization not found', error: 'Not Found' });
  const [applicant] = await db.query(`SELECT * FROM "applicants" WHERE "organizationId" = ${$(1)} AND "userId" = ${$(2)} LIMIT 1`, [
    access.organization.id,
    userId,
  ]);
  if (!applicant) return json(res, 404, { statusCode: 404, message: 'Applicant not found', error: 'Not Found' });
  const images = await db.query(
    `SELECT "id", "docType", "side" FROM "applicant_images" WHERE "applicantId" = ${$(1)} ORDER BY "docType" ASC, "side" ASC, "createdAt" ASC`,
    [applicant.id],
  );
  // The view's audit record: one INSERT, like the app (no explicit transaction).
  const createdAt = new Date();
  if (postgres) {
    await db.query(
      `INSERT INTO "audit_events" ("actorId", "actorName", "organizationId", "applicantId", "action", "detail", "createdAt") VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [access.user.id, access.user.username, access.organization.id, applicant.id, 'applicant.viewed', null, createdAt],
    );
  } else {
    await db.query(
      `INSERT INTO "audit_events" ("id", "actorId", "actorName", "organizationId", "applicantId", "action", "detail", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [randomUUID(), access.user.id, access.user.username, access.organization.id, applicant.id, 'applicant.viewed', null, createdAt.toISOString().replace('T', ' ').replace('Z', '')],
    );
  }
  json(res, 200, toApplicantDetails(applicant, images));
}

const LIST = /^\/api\/projects\/([^/]+)\/applicants$/;
const DETAILS = /^\/api\/projects\/([^/]+)\/applicants\/([^/]+)$/;

createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://localhost');
    let match;
    if (url.pathname === '/api/health') return json(res, 200, { status: 'ok' });
    if (req.method === 'GET' && (match = LIST.exec(url.pathname))) return await list(req, res, match[1], url);
    if (req.method === 'GET' && (match = DETAILS.exec(url.pathname))) return await details(req, res, match[1], decodeURIComponent(match[2]));
    json(res, 404, { statusCode: 404, message: 'Not found', error: 'Not Found' });
  } catch (error) {
    process.stderr.write(`${error.stack}\n`);
    json(res, 500, { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' });
  }
}).listen(port, '127.0.0.1', () => process.stdout.write(`baseline (${db.dialect}) listening on ${port}\n`));
