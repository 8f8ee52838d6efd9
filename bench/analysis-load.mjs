#!/usr/bin/env node
// npm run bench:analysis — does document analysis slow the read path down? The built app
// on a seeded SQLite database serves the applicants list under load (autocannon) while
// idle, then while it analyses a backlog of submitted passports on its worker threads,
// in alternating rounds; writes bench/results/analysis-load-<date>.json.
//
// Target (issue 15): the list's p95 under load changes by less than 20 % while analysis runs.
//
// Options (or BENCH_* environment variables): --applicants 100000 --jobs 150 --duration 8
// --rounds 3 --connections 50 --skip-build
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { get, load } from './lib/load.mjs';
import { seedSqlite } from './lib/seed.mjs';
import { ROOT, startApp } from './lib/servers.mjs';

const { values: args } = parseArgs({
  options: {
    applicants: { type: 'string', default: process.env.BENCH_APPLICANTS ?? '100000' },
    jobs: { type: 'string', default: process.env.BENCH_JOBS ?? '150' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '8' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '3' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50' },
    'skip-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
  },
});
const APPLICANTS = Number(args.applicants);
const JOBS = Number(args.jobs);
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const DATA_DIR = join(process.env.BENCH_DIR ?? join(tmpdir(), 'kyc-bench'), 'analysis-load');
const startedAt = new Date();
const loadAtStart = loadavg();
const log = (line) => process.stderr.write(`${line}\n`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!args['skip-build']) {
  log('Building (npm run build)…');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) process.exit(1);
}
const { renderFakeDocument } = await import('../dist/server/fake-data/fake-documents.js');
const { fakeApplicant } = await import('../dist/server/fake-data/fake-applicant.js');

const fixture = await seedSqlite({ dataDir: DATA_DIR, count: APPLICANTS, webhookUrl: 'http://127.0.0.1:9/unused', now: Date.now() });

// Photos to read: a handful of distinct generated passports, shared round-robin by the backlog.
log('Rendering passports…');
const passports = [];
for (let index = 0; passports.length < 8; index += 1) {
  const person = fakeApplicant(index, { seed: 'analysis-load', now: startedAt });
  if (person.documentType === 'PASSPORT') passports.push((await renderFakeDocument(person)).pages[0].png);
}

const db = new Database(join(DATA_DIR, 'kyc.sqlite'));
db.pragma('busy_timeout = 10000');
const sqliteNow = () => new Date().toISOString().replace('T', ' ').replace('Z', '');
const submitted = db
  .prepare(`SELECT "id" FROM "applicants" WHERE "organizationId" = ? AND "documentType" = 'PASSPORT' LIMIT ?`)
  .pluck()
  .all(fixture.organizationId, JOBS * ROUNDS);
if (submitted.length < JOBS * ROUNDS) throw new Error(`Only ${submitted.length} passport applicants; seed more (--applicants)`);
const insertImage = db.prepare(
  `INSERT INTO "applicant_images" ("id","applicantId","docType","side","contentType","width","height","data","createdAt") VALUES (?,?,'PASSPORT','front','image/png',1000,700,?,?)`,
);
const insertJob = db.prepare(
  `INSERT INTO "analysis_jobs" ("id","applicantId","kind","status","attempts","runs","runAfter") VALUES (?,?,'document','queued',0,1,?)`,
);
/** A backlog of `JOBS` submitted passports, as submissions would have queued them. */
const queueBacklog = db.transaction((round) => {
  for (const [i, applicantId] of submitted.slice(round * JOBS, (round + 1) * JOBS).entries()) {
    insertImage.run(randomUUID(), applicantId, passports[i % passports.length], sqliteNow());
    insertJob.run(randomUUID(), applicantId, sqliteNow());
  }
});
const openJobs = db.prepare(`SELECT COUNT(*) FROM "analysis_jobs" WHERE "status" IN ('queued','running')`).pluck();
const doneJobs = db.prepare(`SELECT COUNT(*) FROM "analysis_jobs" WHERE "status" = 'done'`).pluck();

const app = await startApp({ dataDir: DATA_DIR });
const headers = { authorization: `Bearer ${fixture.apiKey}` };
const paths = [1, 2, 3, 4].map((page) => `/api/projects/${fixture.organizationId}/applicants?pageSize=25&page=${page}&orderBy=createdAt`);
for (const path of paths) if ((await get(app.port, path, headers)).status !== 200) throw new Error(`${path} did not answer 200`);
await load({ port: app.port, paths, headers, duration: 2, connections: CONNECTIONS });

const rounds = [];
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    const idle = await load({ port: app.port, paths, headers, duration: DURATION, connections: CONNECTIONS });
    queueBacklog(round);
    const doneBefore = doneJobs.get();
    // Wait until the runner has started on the backlog, then measure while it works.
    while (doneJobs.get() === doneBefore) await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = await load({ port: app.port, paths, headers, duration: DURATION, connections: CONNECTIONS });
    const analysedDuring = doneJobs.get() - doneBefore;
    const stillOpen = openJobs.get();
    if (stillOpen === 0) throw new Error(`The backlog of ${JOBS} ran out during the measurement: raise --jobs`);
    const measured = { idle, busy, analysedDuring, stillOpen, p95Change: busy.p95 / idle.p95 - 1 };
    rounds.push(measured);
    log(
      `round ${round + 1}: idle p95 ${idle.p95} ms (${Math.round(idle.rps)} req/s), analysing p95 ${busy.p95} ms (${Math.round(busy.rps)} req/s): ${(measured.p95Change * 100).toFixed(0)} %; ${analysedDuring} documents read meanwhile`,
    );
    // Let the rest of this round's backlog finish before the next idle measurement.
    while (openJobs.get() > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
} finally {
  await app.stop();
  db.close();
}

const p95Change = median(rounds.map((r) => r.p95Change));
const result = {
  startedAt: startedAt.toISOString(),
  machine: { cores: availableParallelism(), cpu: cpus()[0]?.model, loadAtStart, loadAtEnd: loadavg(), node: process.version },
  settings: {
    applicants: APPLICANTS,
    jobsPerRound: JOBS,
    duration: DURATION,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    analysisThreads: Math.max(1, availableParallelism() - 1),
    paths: 'applicants list, pages 1–4 by createdAt',
  },
  rounds,
  p95ChangeMedian: p95Change,
  target: 'p95 change < 20 %',
  met: p95Change < 0.2,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `analysis-load-${startedAt.toISOString().replace(/:/g, '-').slice(0, 19)}.json`);
writeFileSync(file, JSON.stringify(result, null, 2));
log(
  `Median p95 change while analysing: ${(p95Change * 100).toFixed(1)} % (target < 20 %). Load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}.\nWrote ${file}`,
);
