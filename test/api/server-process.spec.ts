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
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
