import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { spawnServer, waitUntilHealthy } from '../support/server-process.js';

// The built server as an operator runs it: `node dist/server/main.js`.
describe('the server process', () => {
  it('refuses a bad setting with one line naming the variable, and exits 1', async () => {
    const server = await spawnServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe("Configuration error: PORT must be a whole number from 0 to 65535, got 'eighty'");
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', async () => {
    const server = await spawnServer({ DATABASE_URL: 'mysql://root@localhost/kyc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^Configuration error: DATABASE_URL must be a URL starting with postgres:\/\//);
  });

  it('starts on an empty data directory, answers health, and shuts down cleanly on SIGTERM', async () => {
    const server = await spawnServer();
    await waitUntilHealthy(server.url);
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    // It tells the operator how to get in: a one-time setup link for the first super-admin.
    expect(server.output()).toMatch(/First start: open http:\/\/\S+\/password-reset\?user=\S+&token=\S+ to choose the super-admin password/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('`npm run create-admin` creates a super-admin and prints a one-time setup link, and refuses a duplicate', async () => {
    const run = promisify(execFile);
    const env = {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: '',
      DATABASE_SCHEMA: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kyc-cli-')),
      LOG_LEVEL: 'error',
    };
    const created = await run(process.execPath, ['dist/server/cli/create-admin.js', '--email', 'Boss@Example.com'], { env });
    expect(created.stdout).toMatch(
      /^Created the super-admin boss@example.com\. Open this one-time link .*:\nhttp:\/\/\S+\/password-reset\?user=\S+&token=\S+\n$/s,
    );
    await expect(run(process.execPath, ['dist/server/cli/create-admin.js', '--email', 'boss@example.com'], { env })).rejects.toMatchObject({
      code: 1,
      stderr: 'Could not create the administrator: That username or e-mail address is already in use\n',
    });
  });
});
