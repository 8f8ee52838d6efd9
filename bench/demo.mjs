#!/usr/bin/env node
// Times POST /api/demo/register (account + two organizations + ~60 applicants with
// document photos and analysis results, audit trail and deliveries) against the built
// server on an empty SQLite database. Run after `npm run build`:
// `node bench/demo.mjs [count] [warm-up seconds]`. The server draws the shared demo
// documents on a background thread from start-up; accounts created before that is done
// get their photos a little later, so give a warm-up (e.g. 30) to time the usual case.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const count = Number(process.argv[2] ?? 10);
const warmUpSeconds = Number(process.argv[3] ?? 0);
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(join(tmpdir(), 'kyc-demo-bench-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', DEMO_ACCOUNTS_PER_HOUR: String(count + 5) },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, warmUpSeconds * 1000));
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/demo/register`, { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    if (!res.ok) throw new Error(`demo registration answered ${res.status}: ${await res.text()}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(
    `demo account creation, ${count} in a row${warmUpSeconds ? ` after ${warmUpSeconds} s` : ' from start-up'}: median ${ms(times[Math.floor(count / 2)])}, min ${ms(times[0])}, max ${ms(times[count - 1])}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
