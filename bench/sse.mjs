#!/usr/bin/env node
// Status streams at scale: N concurrent GET /api/kyc/status streams (raw node:http, one
// socket each) on ONE app process; memory per stream (RSS delta / streams) and the delay
// from a status change (staff approve through the API) to the event on its stream.
// Each stream is opened as the verification page opens it from a session link: the
// integrator's server creates a session for a seeded applicant (POST /api/kyc/sessions
// with the API key), the page exchanges the link's secret for a widget token (POST
// /api/kyc/session-token) and follows GET /api/kyc/status?userId&token. The approvals
// are a staff member's: the organization's owner signed in (POST /api/auth/login), with
// the session cookie and the X-Requested-With header the dashboard sends — an API key
// cannot decide on applicants.
// Part of npm run bench; alone: `node bench/sse.mjs [--streams 10000] [--changes 200]`
// (uses the SQLite database of the last bench run, or seeds 20,000 applicants).
import argon2 from 'argon2';
import Database from 'better-sqlite3';
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ARGON2_OPTIONS } from '../dist/server/auth/password.service.js';
import { identityKey } from '../dist/server/users/identity-key.js';
import { sampleUserIds, seedSqlite } from './lib/seed.mjs';
import { freePort, startApp } from './lib/servers.mjs';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The password the seeded owner signs in with here, to decide on applicants as staff. */
const STAFF_PASSWORD = 'bench-staff-password-0123456789';

/** Runs `tasks` (functions returning promises) with at most `width` in flight. */
async function pool(tasks, width) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
}

function fileDescriptorLimit() {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim());
  } catch {
    return Infinity;
  }
}

/** One status stream: resolves `opened` with the first event ({ at, event }); `waitFor()` the next one. */
function openStream(port, path) {
  let buffer = '';
  let waiter = null;
  let resolveOpened;
  let rejectOpened;
  const opened = new Promise((resolve, reject) => ((resolveOpened = resolve), (rejectOpened = reject)));
  const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
    if (res.statusCode !== 200) {
      rejectOpened(new Error(`status ${res.statusCode}`));
      res.resume();
      return;
    }
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (!data) continue;
        const result = { at: performance.now(), event: JSON.parse(data.slice(6)) };
        resolveOpened(result);
        if (waiter) {
          const w = waiter;
          waiter = null;
          w(result);
        }
      }
    });
  });
  req.on('error', (error) => rejectOpened(error));
  return {
    opened,
    waitFor(timeoutMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => ((waiter = null), resolve(null)), timeoutMs);
        waiter = (result) => (clearTimeout(timer), resolve(result));
      });
    },
    close: () => req.destroy(),
  };
}

/** One JSON request on `agent`; resolves { status, headers, body } (body parsed when JSON). */
function request(port, agent, method, path, { headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method,
        path,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let parsed = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode, headers: res.headers, body: parsed, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Fails with the answer when the request did not get the expected status. */
function expectStatus(what, response, expected) {
  if (response.status !== expected) throw new Error(`${what}: ${response.status} ${response.text.slice(0, 300)}`);
  return response.body;
}

export async function runStatusStreams({ database, fixture, streams, changes, log = () => {} }) {
  const limit = fileDescriptorLimit();
  if (streams + 1000 > limit) {
    log(`file-descriptor limit ${limit}: opening ${limit - 1000} streams instead of ${streams}`);
    streams = limit - 1000;
  }

  // The approvals send webhooks to the owner's endpoint: they land here. The owner signs
  // in as staff to approve, so it gets a password (and the sign-in keys of its name).
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  const receiverPort = await freePort();
  await new Promise((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
  const db = new Database(join(database.dataDir, 'kyc.sqlite'));
  db.pragma('busy_timeout = 5000');
  const owner = db.prepare(`SELECT "username", "email" FROM "users" WHERE "id" = ?`).get(fixture.ownerId);
  db.prepare(`UPDATE "users" SET "webhookUrl" = ?, "passwordHash" = ?, "usernameKey" = ?, "emailKey" = ? WHERE "id" = ?`).run(
    `http://127.0.0.1:${receiverPort}/hook`,
    await argon2.hash(STAFF_PASSWORD, ARGON2_OPTIONS),
    identityKey(owner.username),
    identityKey(owner.email),
    fixture.ownerId,
  );
  db.close();

  const userIds = sampleUserIds(database.dataDir, streams);
  // Every token exchange and stream here comes from one address: lift the verification
  // page's abuse limits on those two (they guard against exactly that) so the benchmark
  // measures the streams. No applicant is created, so the new-applicant limits stay.
  const lifted = String(10 * streams + 1000);
  const app = await startApp(database, {
    KYC_TOKENS_PER_IP_PER_MINUTE: lifted,
    KYC_STREAMS_PER_IP: lifted,
  });
  const sockets = [];
  try {
    log(`streams: ${userIds.length.toLocaleString('en')} verification sessions (API key) and widget tokens (session secret)…`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const tokens = new Map();
    const sessionsStarted = performance.now();
    await pool(
      userIds.map((userId) => async () => {
        // The integrator's server: a session link for this end user.
        const created = expectStatus(
          'POST /api/kyc/sessions',
          await request(app.port, agent, 'POST', '/api/kyc/sessions', {
            headers: { authorization: `Bearer ${fixture.apiKey}` },
            body: { organizationId: fixture.organizationId, userId },
          }),
          201,
        );
        const secret = new URL(created.url).searchParams.get('session');
        // The verification page opened from the link: its secret for a widget token.
        const exchanged = expectStatus(
          'POST /api/kyc/session-token',
          await request(app.port, agent, 'POST', '/api/kyc/session-token', {
            headers: { 'x-requested-with': 'XMLHttpRequest' },
            body: { session: secret },
          }),
          200,
        );
        tokens.set(userId, exchanged.token);
      }),
      50,
    );
    const sessionSeconds = (performance.now() - sessionsStarted) / 1000;

    // A staff member: the owner, signed in like the dashboard.
    const login = await request(app.port, agent, 'POST', '/api/auth/login', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      body: { username: owner.username, password: STAFF_PASSWORD },
    });
    expectStatus('POST /api/auth/login', login, 200);
    const cookie = [login.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('kyc.sid='));
    if (!cookie) throw new Error('POST /api/auth/login set no session cookie');
    agent.destroy();

    await sleep(3000);
    const rssBefore = app.rss();
    log(`streams: opening ${userIds.length.toLocaleString('en')} streams (RSS before ${(rssBefore / 2 ** 20).toFixed(0)} MiB)…`);
    const byUser = new Map();
    const firstStatus = new Map();
    let failed = 0;
    let firstError = null;
    const openedAt = performance.now();
    await pool(
      userIds.map((userId) => async () => {
        const query = new URLSearchParams({ userId, token: tokens.get(userId) });
        const stream = openStream(app.port, `/api/kyc/status?${query}`);
        sockets.push(stream);
        try {
          const { event } = await stream.opened;
          byUser.set(userId, stream);
          firstStatus.set(userId, event.status);
        } catch (error) {
          failed += 1;
          firstError ??= error;
        }
      }),
      200,
    );
    if (failed > 0) log(`streams: ${failed} did not open (first: ${firstError.message})`);
    const openSeconds = (performance.now() - openedAt) / 1000;
    await sleep(3000);
    const rssAfter = app.rss();
    log(
      `streams: ${byUser.size.toLocaleString('en')} open in ${openSeconds.toFixed(1)} s (${failed} failed), RSS ${(rssAfter / 2 ** 20).toFixed(0)} MiB; ${changes} status changes…`,
    );

    // A real change: applicants whose stream does not already say `completed` (pending,
    // processing, or failed after a rejection) are approved, spread over the open streams.
    const delays = [];
    const approvals = [];
    let missed = 0;
    const open = [...byUser.keys()].filter((userId) => firstStatus.get(userId) !== 'completed');
    const step = Math.max(1, Math.floor(open.length / changes));
    const staff = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < changes && i * step < open.length; i += 1) {
      const userId = open[i * step];
      const arrival = byUser.get(userId).waitFor(5000);
      const sent = performance.now();
      const response = await request(app.port, staff, 'POST', `/api/projects/${fixture.organizationId}/applicants/${encodeURIComponent(userId)}/approve`, {
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
        body: {},
      });
      approvals.push(performance.now() - sent);
      // A refused approval is a broken benchmark, not a missed event.
      expectStatus('POST …/approve', response, 200);
      const result = await arrival;
      if (!result || result.event.status !== 'completed') missed += 1;
      else delays.push(result.at - sent);
    }
    staff.destroy();
    delays.sort((a, b) => a - b);
    approvals.sort((a, b) => a - b);
    return {
      streams: userIds.length,
      open: byUser.size,
      failed,
      sessionSeconds,
      openSeconds,
      rssBefore,
      rssAfter,
      bytesPerStream: (rssAfter - rssBefore) / Math.max(1, byUser.size),
      changes: delays.length + missed,
      missed,
      delay: { p50: percentile(delays, 50), p99: percentile(delays, 99), max: delays.at(-1) },
      approve: { p50: percentile(approvals, 50), p99: percentile(approvals, 99) },
    };
  } finally {
    for (const stream of sockets) stream.close();
    await app.stop();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { streams: { type: 'string', default: '10000' }, changes: { type: 'string', default: '200' } } });
  const benchDir = process.env.BENCH_DIR ?? join(tmpdir(), 'kyc-bench');
  const fixtureFile = join(benchDir, 'fixture.json');
  const dataDir = join(benchDir, 'sqlite');
  const fixture = existsSync(fixtureFile)
    ? JSON.parse(readFileSync(fixtureFile, 'utf8'))
    : await seedSqlite({ dataDir, count: 20_000, webhookUrl: 'http://127.0.0.1:9/unused', now: Date.now() });
  const result = await runStatusStreams({
    database: { dataDir },
    fixture,
    streams: Number(values.streams),
    changes: Number(values.changes),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
