import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { documentPhoto, pngImage } from '../fixtures/images.js';
import { spawnServer, waitUntilHealthy, type ServerProcess } from '../support/server-process.js';
import { openSse } from '../support/sse.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { waitUntil } from '../support/wait.js';

// Two real server processes on one PostgreSQL and one Redis, as replicas behind a load
// balancer would run. Needs TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both).
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.warn('SKIPPED: scale-out suite — set TEST_DATABASE_URL and TEST_REDIS_URL to run two replicas on PostgreSQL and Redis');
}

/** A cookie-keeping client of one replica, like a browser whose requests a load balancer spreads. */
class Client {
  cookie = '';
  async call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(this.cookie ? { Cookie: this.cookie } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
}

(databaseUrl && redisUrl ? describe : describe.skip)('two replicas on PostgreSQL and Redis (skipped without TEST_DATABASE_URL/TEST_REDIS_URL)', () => {
  const schema = `replicas_${randomBytes(5).toString('hex')}`;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl,
      APP_SECRET: randomBytes(32).toString('hex'),
      // Replicas share the key of the images at rest; each would otherwise make its own and the second would refuse to start.
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      DECISION_UNDO_WINDOW_SECONDS: '0',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'replica-root-pass-1',
    };
    // One after the other: the first runs the migrations.
    a = await spawnServer(env);
    await waitUntilHealthy(a.url, 60_000);
    b = await spawnServer(env);
    await waitUntilHealthy(b.url, 60_000);
  }, 150_000);

  afterAll(async () => {
    a?.child.kill('SIGTERM');
    b?.child.kill('SIGTERM');
    await Promise.all([a?.exited, b?.exited]);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('accepts a session created on one replica on the other', async () => {
    const browser = new Client();
    const registered = await browser.call(a.url, 'POST', '/api/auth/register', { email: 'sam@example.com', username: 'sam', password: 'replica-pass-1' });
    expect(registered.status).toBe(201);
    const me = await browser.call(b.url, 'GET', '/api/users/me');
    expect(me).toMatchObject({ status: 200, body: { username: 'sam' } });
    await browser.call(b.url, 'POST', '/api/auth/logout');
    expect((await browser.call(a.url, 'GET', '/api/users/me')).status).toBe(401);
  });

  it('applies a permission change and a regenerated API key on the very next request on the other replica', async () => {
    const integrator = new Client();
    await integrator.call(a.url, 'POST', '/api/auth/register', { email: 'pia@example.com', username: 'pia', password: 'replica-pass-4' });
    const organization = (await integrator.call(a.url, 'POST', '/api/projects', { name: 'Rights Bank' })).body;
    const oldKey = (await integrator.call(a.url, 'GET', '/api/api-keys')).body.apiKey as string;
    const listWith = (key: string) =>
      new Client().call(b.url, 'GET', `/api/projects/${organization.id}/applicants`, undefined, { Authorization: `Bearer ${key}` });
    expect((await listWith(oldKey)).status).toBe(200);

    const root = new Client();
    expect((await root.call(a.url, 'POST', '/api/auth/login', { username: 'root@example.com', password: 'replica-root-pass-1' })).status).toBe(200);
    type Matrix = { name: string; permissions: { resource: string; actions: string[]; version: number }[] }[];
    const kycApplicants = (matrix: Matrix, actions: (current: string[]) => string[]) =>
      matrix.map((role) => ({
        ...role,
        permissions: role.permissions.map((entry) =>
          role.name === 'kyc' && entry.resource === 'applicants' ? { ...entry, actions: actions(entry.actions) } : entry,
        ),
      }));
    const matrix = (await root.call(a.url, 'GET', '/api/roles')).body as Matrix;
    const saved = await root.call(a.url, 'PUT', '/api/roles', { data: kycApplicants(matrix, (actions) => actions.filter((action) => action !== 'read')) });
    expect(saved.status).toBe(200);
    expect(await listWith(oldKey)).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });

    expect((await root.call(a.url, 'PUT', '/api/roles', { data: kycApplicants(saved.body as Matrix, (actions) => [...actions, 'read']) })).status).toBe(200);
    expect((await listWith(oldKey)).status).toBe(200);

    const newKey = (await integrator.call(a.url, 'POST', '/api/api-keys/regenerate')).body.apiKey as string;
    expect(await listWith(oldKey)).toMatchObject({ status: 401, body: { code: 'SIGN_IN_REQUIRED' } });
    expect((await listWith(newKey)).status).toBe(200);
  });

  it('delivers a status change made on one replica to a status stream held by the other', async () => {
    const integrator = new Client();
    await integrator.call(a.url, 'POST', '/api/auth/register', { email: 'ivy@example.com', username: 'ivy', password: 'replica-pass-2' });
    const receiver = await startWebhookReceiver();
    try {
      await integrator.call(a.url, 'PUT', '/api/users/webhook', { webhook: receiver.url });
      await integrator.call(a.url, 'PUT', '/api/users/redirect-url', { redirectUrl: 'https://shop.example.test/done' });
      const organization = (await integrator.call(a.url, 'POST', '/api/projects', { name: 'Replica Bank' })).body;
      const token = (
        await integrator.call(a.url, 'GET', '/api/kyc/get-new-token?userId=end-user-1', undefined, { Authorization: `Bearer ${organization.companyKey}` })
      ).body.token;
      const query = new URLSearchParams({ userId: 'end-user-1', companyKey: organization.companyKey, token });
      const stream = await openSse(`${b.url}/api/kyc/status?${query}`);
      try {
        expect(await stream.next()).toEqual({ status: 'pending', redirectUrl: 'https://shop.example.test/done' });
        const widget = { Authorization: `Bearer ${token}` };
        const photo = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
        await integrator.call(a.url, 'POST', '/api/kyc/documents', { docType: 'PASSPORT', side: 'front', data: photo(documentPhoto()) }, widget);
        await integrator.call(a.url, 'POST', '/api/kyc/documents', { docType: 'SELFIE', data: photo(pngImage(40, 25)) }, widget);
        await integrator.call(
          a.url,
          'PUT',
          '/api/kyc/personal-data',
          { name: 'Rui Costa', dateOfBirth: '1985-02-03', docNumber: 'P1234567', expiryDate: '2032-01-01', country: 'Portugal' },
          widget,
        );
        expect((await integrator.call(a.url, 'POST', '/api/kyc/submit', undefined, widget)).status).toBe(200);
        expect(await stream.next()).toEqual({ status: 'processing', redirectUrl: 'https://shop.example.test/done' });
        expect((await integrator.call(a.url, 'POST', `/api/projects/${organization.id}/applicants/end-user-1/approve`)).status).toBe(200);
        expect(await stream.next()).toEqual({ status: 'completed', redirectUrl: 'https://shop.example.test/done' });
      } finally {
        stream.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it('retries a failed webhook once per attempt, however many replicas run the retry job', async () => {
    const integrator = new Client();
    await integrator.call(a.url, 'POST', '/api/auth/register', { email: 'ron@example.com', username: 'ron', password: 'replica-pass-3' });
    const receiver = await startWebhookReceiver();
    try {
      await integrator.call(a.url, 'PUT', '/api/users/webhook', { webhook: receiver.url });
      receiver.answer(500);
      const sent = await integrator.call(a.url, 'POST', '/api/webhooks/test');
      expect(sent.status).toBeLessThan(300);
      // The first attempt failed; the retry is due 5 s later, and both replicas poll for due events.
      await receiver.waitFor(2, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(1);
      const event = await waitUntil(async () => {
        const [latest] = (await integrator.call(b.url, 'GET', '/api/webhooks/events')).body.items;
        return latest?.status === 'delivered' ? latest : undefined;
      }, 5000);
      expect(event.attempts).toBe(2);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
