#!/usr/bin/env node
// Time from `node dist/server/main.js` to the first 200 from /api/health, on an empty
// data directory each run (migrations included). Run after `npm run build`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 5);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function once() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-startup-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const elapsed = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  return elapsed;
}

const times = [];
for (let i = 0; i < runs; i++) times.push(await once());
times.sort((a, b) => a - b);
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `start to first healthy answer, empty SQLite database, ${runs} runs: median ${fmt(times[Math.floor(runs / 2)])}, min ${fmt(times[0])}, max ${fmt(times[runs - 1])}`,
);
