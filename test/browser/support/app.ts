import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { when } from '../../support/wait.js';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningApp {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** The app's fresh DATA_DIR, e.g. for running a CLI (npm run seed) against the same database. */
  dataDir: string;
  /**
   * Resolves with the first value `probe` returns other than undefined, checking it now and each
   * time the server prints something (it logs every request, and every e-mail it stores); rejects
   * if the server exits first or after `timeoutMs`.
   */
  whenOutput: <T>(probe: (output: string) => T | undefined, what: string, timeoutMs?: number) => Promise<T>;
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

/** What server/main.ts prints once it listens and the first super-admin is in place. */
const READY_LINE = /KYC platform is ready on /;

/** Starts `node dist/server/main.js` on a free port with a fresh data directory. */
export async function startApp({
  timeoutMs = 30_000,
  env = {},
  port: chosenPort,
  host = '127.0.0.1',
  dataDir: givenDataDir,
}: {
  timeoutMs?: number;
  /** Listen on this port (e.g. one already registered as a callback with an identity provider); default: a free one. */
  port?: number;
  /** The host name of PUBLIC_URL and of `url`: 'localhost' for WebAuthn, which refuses IP addresses as relying party ids. */
  host?: '127.0.0.1' | 'localhost';
  /** Extra environment for the server, e.g. ADMIN_EMAIL/ADMIN_PASSWORD or SMTP_URL. */
  env?: Record<string, string>;
  /** Start on this data directory (a stopped app's, for a restart) and leave it in place on stop; default: a fresh one, removed on stop. */
  dataDir?: string;
} = {}): Promise<RunningApp> {
  const entry = join(repoRoot, 'dist/server/main.js');
  if (!existsSync(entry) || !existsSync(join(repoRoot, 'dist/client/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm run test:browser does).');
  }
  const port = chosenPort ?? (await findFreePort());
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'kyc-browser-'));
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Jest's --experimental-vm-modules is meant for the test runner, not for the app.
      NODE_OPTIONS: '',
      PORT: String(port),
      // Links the server writes (e-mails, verification session urls) point at this very address.
      PUBLIC_URL: `http://${host}:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // 'output' on every chunk the server prints, 'exit' when it ends: what the waits below listen to.
  const events = new EventEmitter();
  const record = (chunk: Buffer) => {
    log += chunk.toString();
    events.emit('output');
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  child.once('exit', () => events.emit('exit'));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const output = () => log;
  const url = `http://${host}:${port}`;

  const whenOutput = <T>(probe: (output: string) => T | undefined, what: string, timeoutMs = 10_000): Promise<T> =>
    when(
      events,
      ['output', 'exit'],
      () => {
        const value = probe(log);
        if (value !== undefined) return value;
        if (hasExited()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) while waiting for ${what}`);
        return undefined;
      },
      what,
      timeoutMs,
    );

  const stop = async () => {
    if (!hasExited()) {
      child.kill('SIGTERM');
      // main.ts ends itself within 10 s of SIGTERM; a server that cannot is killed.
      await when(events, ['exit'], () => (hasExited() ? true : undefined), 'the server to exit', 15_000).catch(async () => {
        child.kill('SIGKILL');
        await when(events, ['exit'], () => (hasExited() ? true : undefined), 'the killed server to exit');
      });
    }
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await whenOutput((printed) => (READY_LINE.test(printed) ? true : undefined), 'the server to be ready', timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; it printed:\n${log}`, { cause: error });
  }
  return { url, output, whenOutput, stop, dataDir };
}
