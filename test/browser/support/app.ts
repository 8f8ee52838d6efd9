import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningApp {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** The app's fresh DATA_DIR, e.g. for running a CLI (npm run seed) against the same database. */
  dataDir: string;
  stop: () => Promise<void>;
}

/** A port the OS reports free right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the free port'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`GET ${url}/api/health did not answer 200 within ${timeoutMs} ms:\n${output()}`);
}

/** Starts `node dist/server/main.js` on a free port with a fresh data directory. */
export async function startApp({
  timeoutMs = 30_000,
  env = {},
}: {
  timeoutMs?: number;
  /** Extra environment for the server, e.g. ADMIN_EMAIL/ADMIN_PASSWORD or SMTP_URL. */
  env?: Record<string, string>;
} = {}): Promise<RunningApp> {
  const entry = join(repoRoot, 'dist/server/main.js');
  if (!existsSync(entry) || !existsSync(join(repoRoot, 'dist/client/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm run test:browser does).');
  }
  const port = await findFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-browser-'));
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Jest's --experimental-vm-modules is meant for the test runner, not for the app.
      NODE_OPTIONS: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => log;
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output, stop, dataDir };
}
