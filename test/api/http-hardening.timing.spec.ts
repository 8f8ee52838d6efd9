import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createConnection, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { pngImage } from '../fixtures/images.js';
import { createOrganization } from '../fixtures/organizations.js';
import { sessionCookie, sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

const HASHED_ASSET = 'assets/index-C0ffee42.js';

describe('HTTP hardening', () => {
  let t: TestApp;
  let clientDir: string;
  let owner: TestUser;
  let cookie: string;

  beforeAll(async () => {
    // A built client of our own: an index page and one hashed asset.
    clientDir = mkdtempSync(join(tmpdir(), 'kyc-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), `<!doctype html><script type="module" src="/${HASHED_ASSET}"></script>`);
    writeFileSync(join(clientDir, HASHED_ASSET), 'console.log(1);');
    writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp({ CLIENT_DIR: clientDir });
    owner = await createUser(t);
    cookie = (await sessionHeaders(t, owner)).Cookie;
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  describe('CSRF: a request carrying the session cookie is checked, whatever else it carries', () => {
    it('checks the one GET that creates (GET /get-new-token: an applicant and a widget session) like a write (security review, low)', async () => {
      const organizationId = (await createOrganization(t, owner)).id;
      // A link on another site: a top-level navigation carries the Lax cookie, but no header.
      const forged = await request(t.server).get('/api/get-new-token').set('Cookie', cookie).query({ userId: 'csrf-victim', organizationId }).expect(403);
      expect(forged.body.code).toBe('CSRF_HEADER_MISSING');
      expect(await t.app.get(DataSource).getRepository(Applicant).existsBy({ organizationId, userId: 'csrf-victim' })).toBe(false);
      await request(t.server)
        .get('/api/get-new-token')
        .set('Cookie', cookie)
        .set('X-Requested-With', 'XMLHttpRequest')
        .query({ userId: 'csrf-victim', organizationId })
        .expect(200);
    });

    it('refuses a cookie write with a bogus Authorization header and no X-Requested-With', async () => {
      const res = await request(t.server)
        .post('/api/projects')
        .set('Cookie', cookie)
        .set('Authorization', 'Bearer not-a-key')
        .send({ name: 'Forged Ltd' })
        .expect(403);
      expect(res.body).toMatchObject({ code: 'CSRF_HEADER_MISSING' });
    });

    it('refuses a cookie write with a valid API key, or an X-Payload-Digest header, and no X-Requested-With', async () => {
      for (const extra of [{ Authorization: `Bearer ${owner.apiKey}` }, { 'X-Payload-Digest': 'abc' }]) {
        const res = await request(t.server).post('/api/projects').set('Cookie', cookie).set(extra).send({ name: 'Forged Ltd' }).expect(403);
        expect(res.body.code).toBe('CSRF_HEADER_MISSING');
      }
    });

    it('refuses a cookie write from a foreign or unreadable Origin, even with the header', async () => {
      for (const origin of ['https://evil.example', 'null', 'not a url', 'http://[::1', 'http://ex\u00e4mple.test']) {
        const res = await request(t.server)
          .post('/api/projects')
          .set('Cookie', cookie)
          .set('X-Requested-With', 'XMLHttpRequest')
          .set('Origin', origin)
          .send({ name: 'Forged Ltd' });
        expect([origin, res.status, res.body.code]).toEqual([origin, 403, 'CSRF_ORIGIN_REFUSED']);
      }
    });

    it('lets a cookie write through with the header and our own origin', async () => {
      await request(t.server)
        .post('/api/projects')
        .set('Cookie', cookie)
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('Origin', new URL('http://localhost:3000').origin)
        .send({ name: 'Own Ltd' })
        .expect(201);
    });

    it('does not check a request without the session cookie (API key, widget token, provider webhook)', async () => {
      const res = await request(t.server).post('/api/kyc/sessions').set(owner.auth).set('Origin', 'garbage').send({}).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      // No cookie: the answer is the route's own (here: not signed in), never a CSRF refusal.
      await request(t.server).post('/api/auth/logout').expect(204);
    });

    it('answers a garbage Origin on any request with a 4xx, never a 500', async () => {
      for (const origin of ['::::', 'http://', 'https://[zz]', '%', 'javascript:alert(1)']) {
        const res = await request(t.server).post('/api/auth/login').set('Cookie', cookie).set('Origin', origin).send({});
        expect([origin, res.status]).toEqual([origin, 403]);
        const read = await request(t.server).get('/api/users/me').set('Cookie', cookie).set('Origin', origin);
        expect([origin, read.status]).toEqual([origin, 200]);
      }
    });
  });

  describe('caching', () => {
    it('answers every /api route with Cache-Control: no-store — successes, errors, writes and the health check', async () => {
      const session = await sessionHeaders(t, owner);
      const answers: request.Response[] = [
        await request(t.server).get('/api/users/me').set(session).expect(200),
        await request(t.server).get('/api/users/me').set(owner.auth).expect(200),
        await request(t.server).get('/api/projects').set(session).expect(200),
        await request(t.server).get('/api/api-keys').set(session).expect(200),
        await request(t.server).get('/api/webhooks/settings').set(session).expect(200),
        await request(t.server).get('/api/users/me').expect(401),
        await request(t.server).get('/api/no-such-route').expect(404),
        await request(t.server).post('/api/auth/login').send({}).expect(400),
        await request(t.server).post('/api/auth/login').set('Content-Type', 'application/json').send('{').expect(400),
        await request(t.server).get('/api/health').expect(200),
        await request(t.server).get('/api/docs-json').expect(200),
      ];
      answers.forEach((res, i) => expect([i, res.headers['cache-control']]).toEqual([i, 'no-store']));
    });

    it('lets the public default avatar be cached', async () => {
      const res = await request(t.server).get('/api/images/default').expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    });

    it('serves document images and profile pictures as private, no-store', async () => {
      const session = await sessionHeaders(t, owner);
      const organization = await createOrganization(t, owner);
      const ds = t.app.get(DataSource);
      const applicant = await ds.getRepository(Applicant).save({ organizationId: organization.id, userId: 'cached-1', kycStatus: 'queued' });
      const image = await ds
        .getRepository(ApplicantImage)
        .save({ applicantId: applicant.id, docType: 'SELFIE', side: null, contentType: 'image/png', width: 2, height: 2, data: pngImage() });
      const document = await request(t.server).get(`/api/projects/${organization.id}/applicants/cached-1/images/${image.id}`).set(owner.auth).expect(200);
      expect(document.headers['cache-control']).toBe('private, no-store');

      const updated = await request(t.server)
        .put('/api/users')
        .set(session)
        .send({ image: { hasImage: true, data: `data:image/png;base64,${pngImage().toString('base64')}` } })
        .expect(200);
      const picture = await request(t.server).get(updated.body.image.url).set(session).expect(200);
      expect(picture.headers['cache-control']).toBe('private, no-store');
    });

    it('caches hashed client assets for a year and revalidates the page and unhashed files', async () => {
      const asset = await request(t.server).get(`/${HASHED_ASSET}`).expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const path of ['/', '/applicants/some-page', '/favicon.svg']) {
        const res = await request(t.server).get(path).expect(200);
        expect([path, res.headers['cache-control']]).toEqual([path, 'no-cache']);
      }
    });
  });

  it('keeps the session cookie HttpOnly and SameSite=Lax', async () => {
    const res = await request(t.server).post('/api/auth/login').send({ username: owner.user.username, password: owner.password }).expect(200);
    expect(sessionCookie(res)).toBeDefined();
    const header = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('kyc.sid='))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
  });
});

/** Security review, low: slow clients held connections for minutes. */
describe('HTTP connection limits', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', HTTP_MAX_CONNECTIONS: '3' });
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** A connection, and a promise of the moment the server ends it (ms after opening). */
  async function connect(): Promise<{ socket: Socket; closed: Promise<number> }> {
    const socket = createConnection({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const opened = Date.now();
    socket.on('error', () => undefined);
    socket.resume();
    return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now() - opened))) };
  }

  it('ends a connection whose headers trickle in (slowloris) once the headers timeout passes', async () => {
    const { socket, closed } = await connect();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
    try {
      expect(await closed).toBeLessThan(5000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('ends a request whose body trickles in once the whole request has taken HTTP_REQUEST_TIMEOUT_SECONDS', async () => {
    const { socket, closed } = await connect();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const trickle = setInterval(() => socket.write(' '), 200);
    try {
      const after = await closed;
      // The headers came at once: only the request's own time limit ends it, after 2 s and before 5.
      expect(after).toBeGreaterThanOrEqual(1500);
      expect(after).toBeLessThan(5000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
    }
  });

  it('refuses connections beyond HTTP_MAX_CONNECTIONS', async () => {
    const held = await Promise.all([connect(), connect(), connect()]);
    const extra = await connect();
    expect(await extra.closed).toBeLessThan(2000);
    for (const { socket } of held) socket.destroy();
  });
});
