import request from 'supertest';
import { DataSource } from 'typeorm';
import { AdminAccountsService, SETUP_USERNAME } from '../../server/admin/admin-accounts.service.js';
import { User } from '../../server/users/user.entity.js';
import { browser, linkIn, waitForMail, sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';

describe('administrator accounts', () => {
  describe('POST /users/register-admin', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('lets a super-admin create an admin who sets a password from the e-mailed link and signs in', async () => {
      const superAdmin = await createUser(t, { role: 'super-admin' });
      const res = await request(t.server)
        .post('/api/users/register-admin')
        .set(await sessionHeaders(t, superAdmin))
        .send({ username: 'new.admin', email: 'New.Admin@Example.com' })
        .expect(201);
      expect(res.body).toEqual({ id: expect.any(String), username: 'new.admin', email: 'new.admin@example.com', role: 'admin' });
      expect(JSON.stringify(res.body)).not.toMatch(/password|token/i);
      const stored = await t.app.get(DataSource).getRepository(User).findOneByOrFail({ id: res.body.id });
      expect(stored.passwordHash).toBeNull();

      const mail = await waitForMail(t, 'new.admin@example.com', /password/i);
      const { user, token } = linkIn(mail.text, 'password-reset');
      const agent = browser(t);
      await agent
        .post('/api/auth-emails/reset-password/reset')
        .send({ user, token, password: 'chosen-by-admin' })
        .expect((r) => expect(r.status).toBeLessThan(300));
      await agent.post('/api/auth/login').send({ username: 'new.admin', password: 'chosen-by-admin' }).expect(200);
      const me = await agent.get('/api/users/me').expect(200);
      expect(me.body).toMatchObject({ username: 'new.admin', role: 'admin' });
    });

    it('refuses admins, kyc users and visitors, and a taken username', async () => {
      for (const role of ['admin', 'kyc'] as const) {
        const caller = await createUser(t, { role });
        await request(t.server)
          .post('/api/users/register-admin')
          .set(await sessionHeaders(t, caller))
          .send({ username: `x${role}`, email: `${role}@x.test` })
          .expect(403);
      }
      await request(t.server)
        .post('/api/users/register-admin')
        .set('X-Requested-With', 'XMLHttpRequest')
        .send({ username: 'v', email: 'v@x.test' })
        .expect(401);
      const superAdmin = await createUser(t, { role: 'super-admin' });
      const taken = await request(t.server)
        .post('/api/users/register-admin')
        .set(await sessionHeaders(t, superAdmin))
        .send({ username: superAdmin.user.username, email: 'other@x.test' })
        .expect(409);
      expect(taken.body.message).toBe('That username or e-mail address is already in use');
      const invalid = await request(t.server)
        .post('/api/users/register-admin')
        .set(await sessionHeaders(t, superAdmin))
        .send({ username: 'a b', email: 'nope' })
        .expect(400);
      expect(invalid.body.message).toEqual(expect.arrayContaining(['email must be an e-mail address']));
    });
  });

  describe('the first super-admin', () => {
    it('is created at first start from ADMIN_EMAIL/ADMIN_PASSWORD, once', async () => {
      const t = await startTestApp({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'first-admin-password' });
      try {
        const admins = t.app.get(AdminAccountsService);
        const hint = await admins.ensureFirstSuperAdmin();
        await admins.ensureFirstSuperAdmin();
        // Printed at start-up, so it names no address: the operator knows ADMIN_EMAIL.
        expect(hint).toMatch(/^Sign in at \S+\/login with the ADMIN_EMAIL address/);
        expect(hint).not.toContain('owner@example.com');
        expect(hint).not.toContain('first-admin-password');
        const users = await t.app.get(DataSource).getRepository(User).findBy({ role: 'super-admin' });
        expect(users.map((u) => u.email)).toEqual(['owner@example.com']);
        await browser(t).post('/api/auth/login').send({ username: 'owner@example.com', password: 'first-admin-password' }).expect(200);
      } finally {
        await t.close();
      }
    });

    it('without ADMIN_EMAIL gets a one-time setup link instead; a newer link voids the older one', async () => {
      const t = await startTestApp();
      try {
        const admins = t.app.get(AdminAccountsService);
        const first = linkIn(await admins.ensureFirstSuperAdmin(), 'password-reset');
        const second = linkIn(await admins.ensureFirstSuperAdmin(), 'password-reset');
        const agent = browser(t);
        const stale = await agent.post('/api/auth-emails/reset-password/reset').send({ user: first.user, token: first.token, password: 'setup-password' });
        expect(stale.status).toBe(400);
        await agent
          .post('/api/auth-emails/reset-password/reset')
          .send({ user: second.user, token: second.token, password: 'setup-password' })
          .expect((r) => expect(r.status).toBeLessThan(300));
        await agent.post('/api/auth/login').send({ username: SETUP_USERNAME, password: 'setup-password' }).expect(200);
        expect(await admins.ensureFirstSuperAdmin()).toMatch(/^Sign in at .*\/login as a super-admin/);
      } finally {
        await t.close();
      }
    });
  });
});
