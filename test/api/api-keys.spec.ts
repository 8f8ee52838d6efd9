import request from 'supertest';
import { DataSource } from 'typeorm';
import { Permission } from '../../server/roles/permission.entity.js';
import { User } from '../../server/users/user.entity.js';
import { signedIn, sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';
import { createOrganization, seedApplicants } from '../fixtures/organizations.js';

describe('API keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });

  it('authenticates GET /api/users/me with the bearer key as that account', async () => {
    const account = await createUser(t);
    const res = await request(t.server).get('/api/users/me').set(account.auth).expect(200);
    expect(res.body.username).toBe(account.user.username);
  });

  it('shows the account its own key again on GET /api/api-keys', async () => {
    const account = await createUser(t);
    const agent = await signedIn(t, account);
    const res = await agent.get('/api/api-keys').expect(200);
    expect(res.body).toEqual({ apiKey: account.apiKey });
  });

  it('creates a key on the first request of an account that has none, then keeps showing that one', async () => {
    const account = await createUser(t);
    await t.app.get(DataSource).getRepository(User).update(account.user.id, { apiKeyHash: null, apiKeyEncrypted: null });
    const agent = await signedIn(t, account);

    const first = await agent.get('/api/api-keys').expect(200);
    expect(first.body.apiKey).toMatch(/^kyc_sk_[A-Za-z0-9_-]{32}$/);
    const again = await agent.get('/api/api-keys').expect(200);
    expect(again.body.apiKey).toBe(first.body.apiKey);
    const me = await request(t.server).get('/api/users/me').set(bearer(first.body.apiKey)).expect(200);
    expect(me.body.id).toBe(account.user.id);
  });

  it('regenerates the key: the new one works and the old one stops working at once', async () => {
    const account = await createUser(t);
    const res = await request(t.server)
      .post('/api/api-keys/regenerate')
      .set(await sessionHeaders(t, account))
      .expect(200);
    const fresh: string = res.body.apiKey;
    expect(fresh).toMatch(/^kyc_sk_/);
    expect(fresh).not.toBe(account.apiKey);

    await request(t.server).get('/api/users/me').set(account.auth).expect(401);
    await request(t.server).get('/api/users/me').set(bearer(fresh)).expect(200);
    const shown = await request(t.server)
      .get('/api/api-keys')
      .set(await sessionHeaders(t, account))
      .expect(200);
    expect(shown.body).toEqual({ apiKey: fresh });
  });

  describe('reach only the integrator surface', () => {
    it('refuses every other route with 403 API_KEY_NOT_ALLOWED, whatever the account may do when signed in', async () => {
      const superAdmin = await createUser(t, { role: 'super-admin' });
      const refused: [string, string, object?][] = [
        ['get', '/api/api-keys'],
        ['post', '/api/api-keys/regenerate'],
        ['get', '/api/audit'],
        ['get', '/api/roles'],
        ['put', '/api/roles', { data: [] }],
        ['post', '/api/users/register-admin', { username: 'via-key', email: 'via-key@example.test' }],
        ['post', '/api/auth/change-password', { oldPassword: superAdmin.password, newPassword: 'pwned-1', newPasswordConfirm: 'pwned-1' }],
        ['post', '/api/auth/change-email', { password: superAdmin.password, email: 'pwned@example.test' }],
        ['delete', '/api/auth/delete', { password: superAdmin.password }],
        ['post', '/api/webhooks/secret/rotate'],
        ['get', '/api/webhooks/settings'],
        ['post', '/api/projects', { name: 'Via a key' }],
      ];
      for (const [method, path, body] of refused) {
        const server = request(t.server);
        const res = await server[method as 'get'](path)
          .set(superAdmin.auth)
          .send(body ?? {});
        expect([method, path, res.status, res.body.code]).toEqual([method, path, 403, 'API_KEY_NOT_ALLOWED']);
      }
      // Nothing was changed: the password, the e-mail and the account are as they were.
      const me = await request(t.server).get('/api/users/me').set(superAdmin.auth).expect(200);
      expect(me.body.email).toBe(superAdmin.user.email);
      await request(t.server).post('/api/auth/login').send({ username: superAdmin.user.username, password: superAdmin.password }).expect(200);
    });

    it('answers the integrator routes as the signed-in account would', async () => {
      const account = await createUser(t);
      const organization = (
        await request(t.server)
          .post('/api/projects')
          .set(await sessionHeaders(t, account))
          .send({ name: 'Integrator Ltd' })
          .expect(201)
      ).body;
      for (const path of [
        '/api/users/me',
        '/api/projects',
        `/api/projects/${organization.id}`,
        `/api/projects/${organization.id}/stats`,
        `/api/projects/${organization.id}/applicants`,
        `/api/applicants?organizationId=${organization.id}`,
        '/api/webhooks/events',
      ]) {
        await request(t.server).get(path).set(account.auth).expect(200);
      }
      const link = await request(t.server)
        .post('/api/kyc/sessions')
        .set(account.auth)
        .send({ organizationId: organization.id, userId: 'customer-1' })
        .expect(201);
      await request(t.server).delete(`/api/kyc/sessions/${link.body.sessionId}`).set(account.auth).expect(204);
    });
  });

  it("acts only where its account is a member, even a super-admin's (security finding 13)", async () => {
    const owner = await createUser(t);
    const superAdmin = await createUser(t, { role: 'super-admin' });
    const org = await createOrganization(t, owner);
    const [applicant] = await seedApplicants(t, org.id, [{}]);
    const url = `/api/projects/${org.id}/applicants/${applicant.userId}`;
    // Signed in, a super-admin reaches every organization …
    await request(t.server)
      .get(url)
      .set(await sessionHeaders(t, superAdmin))
      .expect(200);
    // … with its API key, none it is not a member of: not to read, list or erase.
    expect((await request(t.server).get(url).set(superAdmin.auth).expect(404)).body.code).toBe('ORGANIZATION_NOT_FOUND');
    await request(t.server).delete(url).set(superAdmin.auth).send({ reason: 'Data subject request', confirmUserId: applicant.userId }).expect(404);
    const listed = await request(t.server).get('/api/applicants').set(superAdmin.auth).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(applicant.userId);
    const projects = await request(t.server).get('/api/projects').set(superAdmin.auth).expect(200);
    expect(JSON.stringify(projects.body)).not.toContain(org.id);
    await request(t.server).get(url).set(owner.auth).expect(200);
  });

  it('never stores the key in clear', async () => {
    const account = await createUser(t);
    const stored = await t.app.get(DataSource).getRepository(User).findOneByOrFail({ id: account.user.id });
    expect(JSON.stringify(stored)).not.toContain(account.apiKey);
  });

  it('answers a demo account with 403 and says keys are not available for demo accounts', async () => {
    const demo = await createUser(t, { isDemo: true });
    const agent = await signedIn(t, demo);
    const read = await agent.get('/api/api-keys').expect(403);
    expect(read.body.message).toBe('API keys are not available for demo accounts');
    const regenerate = await agent.post('/api/api-keys/regenerate').expect(403);
    expect(regenerate.body.message).toBe('API keys are not available for demo accounts');
  });

  it('refuses a demo account’s key as a bearer credential', async () => {
    const demo = await createUser(t, { isDemo: true });
    await request(t.server).get('/api/users/me').set(demo.auth).expect(401);
  });

  it('asks visitors to sign in', async () => {
    await request(t.server).get('/api/api-keys').expect(401);
    await request(t.server).post('/api/api-keys/regenerate').set('X-Requested-With', 'XMLHttpRequest').expect(401);
  });

  it('follows the stored permission matrix (api-keys read/update)', async () => {
    const account = await createUser(t);
    const permissions = t.app.get(DataSource).getRepository(Permission);
    const row = await permissions.findOneByOrFail({ role: 'kyc', resource: 'api-keys' });
    await permissions.update(row.id, { actions: [] });
    try {
      await request(t.server)
        .get('/api/api-keys')
        .set(await sessionHeaders(t, account))
        .expect(403);
      await request(t.server)
        .post('/api/api-keys/regenerate')
        .set(await sessionHeaders(t, account))
        .expect(403);
    } finally {
      await permissions.update(row.id, { actions: row.actions });
    }
  });
});
