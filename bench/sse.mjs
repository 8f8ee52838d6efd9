#!/usr/bin/env node
// Status streams at scale: N concurrent GET /api/kyc/status streams (raw node:http, one
// socket each) on ONE app process; memory per stream (RSS delta / streams) and the delay
// from a status change (staff approve through the API) to the event on its stream.
// Part of npm run bench; alone: `node bench/sse.mjs [--streams 10000] [--changes 200]`
// (uses the SQLite database of the last bench run, or seeds 20,000 applicants).
import Database from 'better-sqlite3';
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sampleUserIds, seedSqlite } from './lib/seed.mjs';
import { freePort, startApp } from './lib/servers.mjs';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

/** One status stream: resolves `opened` with the first event; `waitFor()` the next one. */
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
        const at = performance.now();
        resolveOpened(at);
        if (waiter) {
          const w = waiter;
          waiter = null;
          w({ at, event: JSON.parse(data.slice(6)) });
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

export async function runStatusStreams({ database, fixture, streams, changes, log = () => {} }) {
  const limit = fileDescriptorLimit();
  if (streams + 1000 > limit) {
    log(`file-descriptor limit ${limit}: opening ${limit - 1000} streams instead of ${streams}`);
    streams = limit - 1000;
  }

  // The owner needs a webhook (get-new-token refuses otherwise); deliveries land here.
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  const receiverPort = await freePort();
  await new Promise((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
  const db = new Database(join(database.dataDir, 'kyc.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare(`UPDATE "users" SET "webhookUrl" = ? WHERE "id" = ?`).run(`http://127.0.0.1:${receiverPort}/hook`, fixture.ownerId);
  db.close();

  const userIds = sampleUserIds(database.dataDir, streams);
  // Every stream here comes from one address with a token of its own: lift the abuse
  // limits (they guard against exactly that) so the benchmark measures the streams.
  const lifted = String(10 * streams + 1000);
  const app = await startApp(database, {
    KYC_TOKENS_PER_IP_PER_MINUTE: lifted,
    KYC_NEW_APPLICANTS_PER_IP_PER_HOUR: lifted,
    KYC_NEW_APPLICANTS_PER_ORGANIZATION_PER_HOUR: lifted,
    KYC_STREAMS_PER_IP: lifted,
  });
  const sockets = [];
  try {
    log(`streams: issuing ${userIds.length.toLocaleString('en')} widget tokens…`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const tokens = new Map();
    await pool(
      userIds.map((userId) => async () => {
        const body = await new Promise((resolve, reject) => {
          http
            .get(
              { host: '127.0.0.1', port: app.port, agent, path: `/api/kyc/get-new-token?userId=${encodeURIComponent(userId)}`, headers: { authorization: `Bearer ${fixture.companyKey}` } },
              (res) => {
                let text = '';
                res.setEncoding('utf8');
                res.on('data', (c) => (text += c));
                res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`get-new-token ${res.statusCode}: ${text}`))));
              },
            )
            .on('error', reject);
        });
        tokens.set(userId, JSON.parse(body).token);
      }),
      50,
    );
    agent.destroy();

    await sleep(3000);
    const rssBefore = app.rss();
    log(`streams: opening ${userIds.length.toLocaleString('en')} streams (RSS before ${(rssBefore / 2 ** 20).toFixed(0)} MiB)…`);
    const byUser = new Map();
    let failed = 0;
    const openedAt = performance.now();
    await pool(
      userIds.map((userId) => async () => {
        const query = new URLSearchParams({ userId, companyKey: fixture.companyKey, token: tokens.get(userId) });
        const stream = openStream(app.port, `/api/kyc/status?${query}`);
        sockets.push(stream);
        try {
          await stream.opened;
          byUser.set(userId, stream);
        } catch {
          failed += 1;
        }
      }),
      200,
    );
    const openSeconds = (performance.now() - openedAt) / 1000;
    await sleep(3000);
    const rssAfter = app.rss();
    log(`streams: ${byUser.size.toLocaleString('en')} open in ${openSeconds.toFixed(1)} s (${failed} failed), RSS ${(rssAfter / 2 ** 20).toFixed(0)} MiB; ${changes} status changes…`);

    const delays = [];
    const approvals = [];
    let missed = 0;
    const open = [...byUser.keys()];
    const step = Math.max(1, Math.floor(open.length / changes));
    for (let i = 0; i < changes && i * step < open.length; i += 1) {
      const userId = open[i * step];
      const arrival = byUser.get(userId).waitFor(5000);
      const sent = performance.now();
      const response = await fetch(`http://127.0.0.1:${app.port}/api/projects/${fixture.organizationId}/applicants/${encodeURIComponent(userId)}/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}` },
      });
      approvals.push(performance.now() - sent);
      await response.arrayBuffer();
      const result = await arrival;
      if (!response.ok || !result || result.event.status !== 'completed') missed += 1;
      else delays.push(result.at - sent);
    }
    delays.sort((a, b) => a - b);
    approvals.sort((a, b) => a - b);
    return {
      streams: userIds.length,
      open: byUser.size,
      failed,
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
