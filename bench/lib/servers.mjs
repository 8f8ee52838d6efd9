import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_SECRET } from './seed.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Clock ticks per second of /proc/<pid>/stat's CPU times (normally 100). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Healthy is not idle: the app keeps working for a while after it answers (it draws the
 * demo documents on a background thread, warms its models). Measuring then would charge
 * that work to the first scenario, so wait until the process uses under 5 % of a core
 * over a second (at most 90 s).
 */
async function settled(server) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const before = server.cpuMicros();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (server.cpuMicros() - before < 50_000 || Date.now() > deadline) return server;
  }
}

async function waitHealthy(port, child, label) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${label} did not become healthy on port ${port}`);
}

function start(label, args, env, port) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const server = {
    label,
    port,
    pid: child.pid,
    child,
    stderr: () => stderr,
    /** Resident memory of the process, in bytes (Linux /proc). */
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024,
    /** CPU time the process (all its threads) has used so far, user + system, in microseconds (Linux /proc). */
    cpuMicros() {
      // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 15_000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
      });
    },
  };
  return waitHealthy(port, child, label).then(
    () => settled(server),
    async (error) => {
      await server.stop();
      throw new Error(`${error.message}\n${stderr}`);
    },
  );
}

const LOOP_MONITOR = fileURLToPath(new URL('./loop-monitor.mjs', import.meta.url));

/**
 * The built app (dist/server/main.js) on the seeded database, as deployed: default logging.
 * It runs with bench/lib/loop-monitor.mjs preloaded: `app.loopDelay()` answers the longest
 * event-loop delay (and the 99th percentile) since the previous call, in milliseconds.
 */
export async function startApp(database, extraEnv = {}) {
  const port = await freePort();
  const loopFile = join(tmpdir(), `kyc-bench-loop-${port}.json`);
  const app = await start(
    'app',
    ['dist/server/main.js'],
    {
      NODE_ENV: 'production',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url ?? '',
      APP_SECRET: BENCH_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      REDIS_URL: '',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${LOOP_MONITOR}`.trim(),
      BENCH_LOOP_FILE: loopFile,
      ...extraEnv,
    },
    port,
  );
  app.loopDelay = async () => {
    rmSync(loopFile, { force: true });
    process.kill(app.pid, 'SIGUSR2');
    for (let waited = 0; !existsSync(loopFile); waited += 10) {
      if (waited > 5000) throw new Error('the app did not report its event-loop delay');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Written in one call; a partial read is retried.
    for (;;) {
      try {
        return JSON.parse(readFileSync(loopFile, 'utf8'));
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  return app;
}

/** The raw baseline (bench/baseline.mjs): node:http + driver + bench/lib/routes.mjs. */
export async function startBaseline(database, extraEnv = {}, label = 'baseline') {
  const port = await freePort();
  return start(label, ['bench/baseline.mjs'], { NODE_ENV: 'production', DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? '', ...extraEnv }, port);
}

/** The framework floor (bench/floor.mjs): a bare Nest + Express app running bench/lib/routes.mjs. */
export async function startFloor(database, extraEnv = {}, label = 'floor') {
  const port = await freePort();
  return start(label, ['bench/floor.mjs'], { NODE_ENV: 'production', DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? '', ...extraEnv }, port);
}
