#!/usr/bin/env node
// npm run bench — the performance targets of ARCHITECTURE.md §8, end to end:
//   1. npm run build (skip with --skip-build),
//   2. seed 1,000,000 applicants into SQLite and into PostgreSQL (database kyc_bench,
//      dropped and recreated),
//   3. per database, the built app and the raw baseline (bench/baseline.mjs: node:http +
//      driver + the same SQL) under autocannon at 50 connections: the applicants list
//      sorted by each column, first page and a page in the middle, with and without
//      search, filtered as a work queue (status, assignee, flags), and the details route,
//   4. 10,000 status streams on one process (bench/sse.mjs),
//   5. the gzipped JavaScript of the landing page and the dashboard routes (bench/client-size.mjs),
// then prints a table and writes bench/results/<date>.json.
//
// Options (or BENCH_* environment variables): --applicants 1000000 --duration 6
// --dbs sqlite,postgres --streams 10000 --changes 200 --skip-build --skip-sse --reuse
// (reuse the databases of the previous run) --only <regexp on scenario names>.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { clientSizes } from './client-size.mjs';
import { get, load } from './lib/load.mjs';
import { sampleUserIds, seedPostgres, seedSqlite } from './lib/seed.mjs';
import { ROOT, startApp, startBaseline } from './lib/servers.mjs';
import { runStatusStreams } from './sse.mjs';

const { values: args } = parseArgs({
  options: {
    applicants: { type: 'string', default: process.env.BENCH_APPLICANTS ?? '1000000' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '6' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '1' },
    dbs: { type: 'string', default: process.env.BENCH_DBS ?? 'sqlite,postgres' },
    streams: { type: 'string', default: process.env.BENCH_STREAMS ?? '10000' },
    changes: { type: 'string', default: process.env.BENCH_CHANGES ?? '200' },
    'skip-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
    'skip-sse': { type: 'boolean', default: process.env.BENCH_SKIP_SSE === '1' },
    reuse: { type: 'boolean', default: process.env.BENCH_REUSE === '1' },
    only: { type: 'string', default: process.env.BENCH_ONLY },
  },
});

const APPLICANTS = Number(args.applicants);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const DBS = args.dbs.split(',').map((s) => s.trim()).filter(Boolean);
const PAGE_SIZE = 25;
const CONNECTIONS = 50;
const BENCH_DIR = process.env.BENCH_DIR ?? join(tmpdir(), 'kyc-bench');
const SQLITE_DIR = join(BENCH_DIR, 'sqlite');
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kyc_bench';
const FIXTURE_FILE = join(BENCH_DIR, 'fixture.json');
const SORTS = ['userId', 'kycStatus', 'documentType', 'createdAt', 'updatedAt'];
const startedAt = new Date();
const loadAtStart = loadavg();
const log = (line) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------- build and seed

if (!args['skip-build']) {
  log('Building (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    log('npm run build failed');
    process.exit(1);
  }
}

mkdirSync(BENCH_DIR, { recursive: true });
let fixture = args.reuse && existsSync(FIXTURE_FILE) ? JSON.parse(readFileSync(FIXTURE_FILE, 'utf8')) : null;
if (fixture && (fixture.count !== APPLICANTS || !DBS.every((db) => fixture.seeded.includes(db)))) fixture = null;
const seedTimes = {};
if (!fixture) {
  let started = performance.now();
  fixture = await seedSqlite({ dataDir: SQLITE_DIR, count: APPLICANTS, webhookUrl: 'http://127.0.0.1:9/unused', now: Date.now() });
  seedTimes.sqlite = (performance.now() - started) / 1000;
  fixture.seeded = ['sqlite'];
  fixture.seededAt = new Date().toISOString();
  if (DBS.includes('postgres')) {
    started = performance.now();
    await seedPostgres({ adminUrl: PG_ADMIN_URL, databaseUrl: PG_URL, sqliteDataDir: SQLITE_DIR, fixture, count: APPLICANTS });
    seedTimes.postgres = (performance.now() - started) / 1000;
    fixture.seeded.push('postgres');
  }
  writeFileSync(FIXTURE_FILE, JSON.stringify(fixture, null, 2));
} else {
  log(`Reusing the databases seeded at ${fixture.seededAt ?? 'an earlier run'} (${BENCH_DIR}, ${PG_URL})`);
}

// ---------------------------------------------------------------- scenarios

const sampleDb = new Database(join(SQLITE_DIR, 'kyc.sqlite'), { readonly: true });
// A full name from the data, typed in lower case: the realistic "find this person" search.
const nameTerm = sampleDb.prepare(`SELECT "name" FROM "applicants" WHERE "name" IS NOT NULL LIMIT 1 OFFSET ?`).pluck().get(Math.floor(APPLICANTS / 3)).toLowerCase();
const someUserId = sampleDb.prepare(`SELECT "userId" FROM "applicants" LIMIT 1 OFFSET ?`).pluck().get(Math.floor(APPLICANTS / 5));
const userIdPrefix = someUserId.slice(0, Math.min(someUserId.length, APPLICANTS >= 100_000 ? 7 : 6));
const nameMatches = sampleDb.prepare(`SELECT COUNT(*) FROM "applicants" WHERE "name" LIKE ?`).pluck().get(`%${nameTerm}%`);
// The work queue: one reviewer's applicants (a member's share of the assigned ones).
const member = fixture.reviewers[0].id;
const memberMatches = sampleDb.prepare(`SELECT COUNT(*) FROM "applicants" WHERE "assigneeId" = ?`).pluck().get(member);
sampleDb.close();
const detailUserIds = sampleUserIds(SQLITE_DIR, 1000);

const listPath = (query) => `/api/projects/${fixture.organizationId}/applicants?${new URLSearchParams({ pageSize: PAGE_SIZE, ...query })}`;
const middlePage = Math.max(1, Math.floor(Math.ceil(APPLICANTS / PAGE_SIZE) / 2));
const searchMiddle = Math.max(1, Math.floor(Math.ceil(nameMatches / PAGE_SIZE) / 2));
const memberMiddle = Math.max(1, Math.floor(Math.ceil(memberMatches / PAGE_SIZE) / 2));
const scenarios = [
  ...SORTS.map((orderBy) => ({ name: `list, by ${orderBy}, page 1`, paths: [listPath({ orderBy, page: 1 })] })),
  ...SORTS.map((orderBy) => ({ name: `list, by ${orderBy}, page ${middlePage}`, paths: [listPath({ orderBy, page: middlePage })], deep: true })),
  ...SORTS.map((orderBy) => ({ name: `search name, by ${orderBy}, page 1`, paths: [listPath({ orderBy, page: 1, search: nameTerm })] })),
  { name: `search name, by userId, page ${searchMiddle}`, paths: [listPath({ orderBy: 'userId', page: searchMiddle, search: nameTerm })] },
  { name: `search userId prefix, page 1`, paths: [listPath({ page: 1, search: userIdPrefix })] },
  { name: 'filter status=pending, page 1', paths: [listPath({ status: 'pending', page: 1 })] },
  { name: 'filter assignee=unassigned, page 1', paths: [listPath({ assignee: 'unassigned', page: 1 })] },
  { name: 'filter assignee=<member>, page 1', paths: [listPath({ assignee: member, page: 1 })] },
  { name: `filter assignee=<member>, page ${memberMiddle}`, paths: [listPath({ assignee: member, page: memberMiddle })], deep: true },
  { name: 'filter flagged=any & unassigned, page 1', paths: [listPath({ flagged: 'any', assignee: 'unassigned', page: 1 })] },
  {
    name: 'details (1,000 applicants in turn)',
    paths: detailUserIds.map((userId) => `/api/projects/${fixture.organizationId}/applicants/${encodeURIComponent(userId)}`),
  },
].filter((scenario) => !args.only || new RegExp(args.only).test(scenario.name));
const headers = { authorization: `Bearer ${fixture.apiKey}` };

/**
 * Deep pages are served from checkpoints built in the background after the first
 * request, and searches pick trigrams from a name sample taken after the first search:
 * ask each once, then wait until every deep page answers as fast as the first page.
 */
async function warmUp(server) {
  for (const scenario of scenarios) await get(server.port, scenario.paths[0], headers);
  const first = scenarios.find((s) => !s.deep && !s.paths[0].includes('search'));
  const reference = first ? Math.min(...(await Promise.all([1, 2, 3].map(() => get(server.port, first.paths[0], headers)))).map((r) => r.ms)) : 5;
  const deadline = Date.now() + 180_000;
  for (const scenario of scenarios.filter((s) => s.deep)) {
    let fast = 0;
    while (fast < 3 && Date.now() < deadline) {
      const { status, ms, body } = await get(server.port, scenario.paths[0], headers);
      if (status !== 200) throw new Error(`${server.label} ${scenario.name}: ${status} ${body.slice(0, 200)}`);
      fast = ms < reference * 2 + 5 ? fast + 1 : 0;
      if (fast < 3) await new Promise((r) => setTimeout(r, fast ? 50 : 500));
    }
  }
}

async function checkSame(app, baseline) {
  for (const scenario of scenarios.filter((s) => !s.name.startsWith('details'))) {
    const [a, b] = await Promise.all([get(app.port, scenario.paths[0], headers), get(baseline.port, scenario.paths[0], headers)]);
    if (a.status !== 200 || a.body !== b.body) {
      throw new Error(`app and baseline disagree on ${scenario.name}: ${a.status} ${a.body.slice(0, 300)} / ${b.status} ${b.body.slice(0, 300)}`);
    }
  }
}

const results = [];
for (const db of DBS) {
  const database = db === 'sqlite' ? { dataDir: SQLITE_DIR } : { dataDir: join(BENCH_DIR, 'pg-data'), url: PG_URL };
  mkdirSync(database.dataDir, { recursive: true });
  log(`\n${db}: starting the app and the baseline…`);
  const app = await startApp(database);
  const baseline = await startBaseline(database);
  try {
    log(`${db}: warming up (checkpoints for the deep pages)…`);
    await warmUp(app);
    await warmUp(baseline);
    await checkSame(app, baseline);
    for (const [index, scenario] of scenarios.entries()) {
      // Alternate who goes first, so neither always runs on a warmer machine.
      const order = index % 2 === 0 ? [app, baseline] : [baseline, app];
      const measured = {};
      for (const server of order) {
        await load({ port: server.port, paths: scenario.paths, headers, duration: WARMUP, connections: CONNECTIONS });
        measured[server.label] = await load({ port: server.port, paths: scenario.paths, headers, duration: DURATION, connections: CONNECTIONS });
      }
      const row = { db, scenario: scenario.name, app: measured.app, baseline: measured.baseline, ratio: measured.app.rps / measured.baseline.rps };
      results.push(row);
      log(
        `${db.padEnd(8)} ${scenario.name.padEnd(38)} app p95 ${fmt(row.app.p95)} ms ${Math.round(row.app.rps)} req/s` +
          ` | baseline p95 ${fmt(row.baseline.p95)} ms ${Math.round(row.baseline.rps)} req/s | ratio ${row.ratio.toFixed(2)}` +
          (row.app.errors || row.baseline.errors ? ` | errors ${row.app.errors}/${row.baseline.errors}` : ''),
      );
    }
  } finally {
    await app.stop();
    await baseline.stop();
  }
}

// ---------------------------------------------------------------- streams and client

let streams = null;
if (!args['skip-sse']) {
  log('\nStatus streams (SQLite)…');
  streams = await runStatusStreams({
    database: { dataDir: SQLITE_DIR },
    fixture,
    streams: Number(args.streams),
    changes: Number(args.changes),
    log,
  });
}
const client = existsSync(join(ROOT, 'dist/client/.vite/manifest.json')) ? clientSizes() : null;

// ---------------------------------------------------------------- report

function fmt(ms) {
  return Number.isFinite(ms) ? (ms < 10 ? ms.toFixed(1) : Math.round(ms).toString()) : '-';
}

const versions = await databaseVersions();
const table = [
  ['db', 'scenario', 'p50', 'p95', 'p99', 'req/s', 'base p50', 'base p95', 'base p99', 'base req/s', 'ratio', 'p95<20', 'ratio≥0.8'],
  ...results.map((r) => [
    r.db,
    r.scenario,
    fmt(r.app.p50),
    fmt(r.app.p95),
    fmt(r.app.p99),
    Math.round(r.app.rps).toString(),
    fmt(r.baseline.p50),
    fmt(r.baseline.p95),
    fmt(r.baseline.p99),
    Math.round(r.baseline.rps).toString(),
    r.ratio.toFixed(2),
    r.app.p95 < 20 ? 'yes' : 'no',
    r.ratio >= 0.8 ? 'yes' : 'no',
  ]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
const line = (row) => `| ${row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
const output = [
  '',
  `Applicants list and details: ${APPLICANTS.toLocaleString('en')} applicants in one organization, page of ${PAGE_SIZE},`,
  `${CONNECTIONS} connections, ${DURATION} s per measurement after ${WARMUP} s of warm-up; latencies in ms.`,
  `App = built server (node dist/server/main.js); base = node:http + driver + the same SQL (bench/baseline.mjs).`,
  `Search terms: name "${nameTerm}" (${nameMatches.toLocaleString('en')} matches), userId prefix "${userIdPrefix}"; <member> has ${memberMatches.toLocaleString('en')} applicants.`,
  `Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}; ${versions.sqlite}; ${versions.postgres ?? ''}`,
  '',
  line(table[0]),
  `|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  ...table.slice(1).map(line),
];
if (streams) {
  output.push(
    '',
    `Status streams: ${streams.open.toLocaleString('en')} of ${streams.streams.toLocaleString('en')} open on one process;` +
      ` RSS ${(streams.rssBefore / 2 ** 20).toFixed(0)} → ${(streams.rssAfter / 2 ** 20).toFixed(0)} MiB = ${(streams.bytesPerStream / 1024).toFixed(1)} KiB per stream;` +
      ` status change → event (approve request sent → event received, ${streams.changes} changes): p50 ${fmt(streams.delay.p50)} ms, p99 ${fmt(streams.delay.p99)} ms` +
      ` (approve response p50 ${fmt(streams.approve.p50)} ms); ${streams.missed} missed.`,
  );
}
if (client) {
  output.push('', `Client JavaScript (gzipped, from dist/client): landing page ${(client.landing.gzip / 1024).toFixed(1)} KiB;`);
  for (const route of client.routes.filter((r) => r.path.startsWith('/dashboard')).sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
    output.push(`  ${route.path.padEnd(44)} ${(route.gzip / 1024).toFixed(1)} KiB`);
  }
}
const loadAtEnd = loadavg();
output.push('', `Load average at the end: ${loadAtEnd.map((l) => l.toFixed(1)).join(' ')}. Run took ${((Date.now() - startedAt.getTime()) / 60000).toFixed(1)} min.`);
process.stdout.write(`${output.join('\n')}\n`);

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `${startedAt.toISOString().replace(/:/g, '-').slice(0, 19)}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      startedAt: startedAt.toISOString(),
      minutes: (Date.now() - startedAt.getTime()) / 60000,
      machine: { cores: availableParallelism(), cpu: cpus()[0]?.model, memoryGiB: totalmem() / 2 ** 30, loadAtStart, loadAtEnd, node: process.version, ...versions },
      settings: { applicants: APPLICANTS, pageSize: PAGE_SIZE, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, nameTerm, nameMatches, userIdPrefix, middlePage, memberMatches, memberMiddle },
      seedSeconds: seedTimes,
      results,
      streams,
      client,
    },
    null,
    2,
  ),
);
log(`\nWrote ${file}`);

async function databaseVersions() {
  const db = new Database(':memory:');
  const sqlite = `SQLite ${db.prepare('SELECT sqlite_version()').pluck().get()}`;
  db.close();
  let postgres;
  if (DBS.includes('postgres')) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    postgres = (await client.query('SHOW server_version')).rows[0].server_version;
    postgres = `PostgreSQL ${postgres}`;
    await client.end();
  }
  return { sqlite, postgres };
}
