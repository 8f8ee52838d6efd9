#!/usr/bin/env node
// npm run bench:capture-flood — can one address flooding photo uploads slow another end
// user's upload (security finding 12)? The built app on its embedded default (SQLite, one
// process, ANALYSIS_THREADS = cores − 1), behind a proxy (TRUST_PROXY=true, addresses from
// X-Forwarded-For). A "real user" from its own address uploads a passport's data page (its
// quality measured and its machine-readable zone read for the pre-fill at upload) every
// --every ms; first alone for --window s, then while one other address keeps --flood
// uploads in flight without pause (a new one as soon as one answers, Retry-After ignored),
// then alone again. Measured: the real user's upload p50/p95/max in each phase and how
// often its answer carried the pre-fill; the flood's answers by status. The per-address
// upload rate limit and the photos-per-side limit are raised so that only the capture
// bounds stand in the flood's way (the worst case for them). Writes
// bench/results/capture-flood-<date>.json with the machine's load (uptime).
//
// Target: the real user's upload p95 < 3 s while the flood runs.
//
// Options (or BENCH_* environment variables): --window 60 --every 1500 --flood 10 --skip-build
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from './lib/load.mjs';
import { seedSqlite } from './lib/seed.mjs';
import { ROOT, startApp } from './lib/servers.mjs';

const { values: args } = parseArgs({
  options: {
    window: { type: 'string', default: process.env.BENCH_WINDOW ?? '60' },
    every: { type: 'string', default: process.env.BENCH_EVERY ?? '1500' },
    flood: { type: 'string', default: process.env.BENCH_FLOOD ?? '10' },
    'skip-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
  },
});
const WINDOW_S = Number(args.window);
const EVERY_MS = Number(args.every);
const FLOOD = Number(args.flood);
const BASE = join(process.env.BENCH_DIR ?? join(tmpdir(), 'kyc-bench'), 'capture-flood');
const FLOOD_IP = '198.51.100.7';
const USER_IP = '203.0.113.50';
const startedAt = new Date();
const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
const uptimeAtStart = uptime();
const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!args['skip-build']) {
  log('Building the server (npm run build:server)…');
  if (spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) process.exit(1);
}
const { renderFakeDocument } = await import(join(ROOT, 'dist/server/fake-data/fake-documents.js'));
const { fakeApplicant } = await import(join(ROOT, 'dist/server/fake-data/fake-applicant.js'));

rmSync(BASE, { recursive: true, force: true });
const DATA_DIR = join(BASE, 'data');
const fixture = await seedSqlite({ dataDir: DATA_DIR, count: 10, webhookUrl: 'http://127.0.0.1:9/unused', now: Date.now() });
const SETTINGS = {
  TRUST_PROXY: 'true',
  KYC_UPLOADS_PER_IP_PER_MINUTE: '100000',
  KYC_PHOTOS_PER_SIDE: '100000',
  KYC_UPLOAD_MB_PER_SESSION: '100000',
  KYC_TOKENS_PER_IP_PER_MINUTE: '100000',
};
const app = await startApp({ dataDir: DATA_DIR }, SETTINGS);
const base = `http://127.0.0.1:${app.port}/api`;

/** Passports' data pages (the MRZ side), as the widget sends them. */
const now = new Date();
const pages = await Promise.all([1, 4].map(async (index) => (await renderFakeDocument(fakeApplicant(index, { seed: 'document-reading', now }))).pages[0].png));
const bodies = pages.map((png) => JSON.stringify({ docType: 'PASSPORT', side: 'front', data: `data:image/png;base64,${png.toString('base64')}` }));

async function widgetToken(userId, ip) {
  const link = await fetch(`${base}/kyc/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ organizationId: fixture.organizationId, userId }),
  });
  if (link.status !== 201) throw new Error(`POST /kyc/sessions answered ${link.status}: ${await link.text()}`);
  const session = new URL((await link.json()).url).searchParams.get('session');
  const exchanged = await fetch(`${base}/kyc/session-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': ip },
    body: JSON.stringify({ session }),
  });
  if (exchanged.status !== 200) throw new Error(`POST /kyc/session-token answered ${exchanged.status}`);
  return (await exchanged.json()).token;
}

async function upload(token, ip, body) {
  const started = performance.now();
  const res = await fetch(`${base}/kyc/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body,
  });
  const answer = await res.json();
  return { status: res.status, code: answer.code ?? null, ms: performance.now() - started, prefilled: Boolean(answer.readFromPhoto) };
}

const userTokens = await Promise.all(Array.from({ length: 3 }, (_, index) => widgetToken(`real-user-${index}`, USER_IP)));
const floodTokens = await Promise.all(Array.from({ length: FLOOD }, (_, index) => widgetToken(`flood-${index}`, FLOOD_IP)));
// The capture thread's OCR engine starts on its first reading (seconds): a real server did that long ago.
for (const body of bodies) await upload(userTokens[0], '192.0.2.1', body);

/** The real user: an upload every EVERY_MS (the next one waits if an answer takes longer), for `seconds`. */
async function realUser(seconds) {
  const samples = [];
  const until = Date.now() + seconds * 1000;
  for (let index = 0; Date.now() < until; index++) {
    const next = Date.now() + EVERY_MS;
    samples.push(await upload(userTokens[index % userTokens.length], USER_IP, bodies[index % bodies.length]));
    await sleep(Math.max(0, next - Date.now()));
  }
  return samples;
}

/** How many of each, by key. */
const countBy = (list, key) => list.reduce((counts, item) => ((counts[key(item)] = (counts[key(item)] ?? 0) + 1), counts), {});

function summary(samples) {
  const ok = samples.filter((sample) => sample.status === 200);
  const sorted = ok.map((sample) => sample.ms).sort((a, b) => a - b);
  const round = (ms) => Math.round(ms);
  return {
    uploads: samples.length,
    ok: ok.length,
    errors: countBy(
      samples.filter((sample) => sample.status !== 200),
      (sample) => `${sample.status} ${sample.code}`,
    ),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1) ?? NaN),
    prefilled: ok.filter((sample) => sample.prefilled).length,
  };
}
const row = (label, s) =>
  log(
    `${label}: ${s.uploads} uploads, p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms, max ${s.maxMs} ms, pre-filled ${s.prefilled}/${s.ok}${Object.keys(s.errors).length ? `, errors ${JSON.stringify(s.errors)}` : ''}`,
  );

log(`Real user alone for ${WINDOW_S} s…`);
const alone = summary(await realUser(WINDOW_S));
row('alone', alone);

log(`Real user while ${FLOOD} uploads from ${FLOOD_IP} are in flight without pause, ${WINDOW_S} s…`);
let flooding = true;
const floodAnswers = [];
const flooders = floodTokens.map(async (token, worker) => {
  for (let index = worker; flooding; index++) floodAnswers.push(await upload(token, FLOOD_IP, bodies[index % bodies.length]));
});
await sleep(2000);
const flooded = summary(await realUser(WINDOW_S));
flooding = false;
await Promise.all(flooders);
row('during the flood', flooded);
const flood = {
  concurrency: FLOOD,
  answers: floodAnswers.length,
  byStatus: countBy(floodAnswers, (a) => `${a.status}${a.code ? ` ${a.code}` : ''}`),
  okPrefilled: floodAnswers.filter((a) => a.status === 200 && a.prefilled).length,
  okP95Ms: Math.round(
    percentile(
      floodAnswers
        .filter((a) => a.status === 200)
        .map((a) => a.ms)
        .sort((a, b) => a - b),
      95,
    ),
  ),
  refusedP95Ms: Math.round(
    percentile(
      floodAnswers
        .filter((a) => a.status === 429)
        .map((a) => a.ms)
        .sort((a, b) => a - b),
      95,
    ),
  ),
};
log(`flood: ${JSON.stringify(flood)}`);

log(`Real user alone again for ${WINDOW_S} s…`);
const after = summary(await realUser(WINDOW_S));
row('after', after);
await app.stop();

const output = {
  date: startedAt.toISOString(),
  settings: { windowSeconds: WINDOW_S, everyMs: EVERY_MS, flood: FLOOD, env: SETTINGS, analysisThreads: Math.max(1, availableParallelism() - 1) },
  realUser: { alone, duringFlood: flooded, after },
  flood,
  target: { duringFloodP95Ms: 3000, met: flooded.p95Ms < 3000 },
  machine: `${cpus()[0]?.model ?? 'unknown cpu'}, ${availableParallelism()} cores`,
  uptimeAtStart,
  uptimeAtEnd: uptime(),
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `capture-flood-${output.date.replace(/:/g, '-').slice(0, 19)}.json`);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
log(`${output.machine}; ${output.uptimeAtStart} → ${output.uptimeAtEnd}`);
log(`Wrote ${file}`);
