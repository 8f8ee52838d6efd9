import { generate } from 'otplib';
import request from 'supertest';
import { addMember, createOrganization, seedApplicants } from '../fixtures/organizations.js';
import { browser, sessionCookie, signedIn, waitForMail } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser, type TestUser } from '../support/users.js';

const SIX_MINUTES = 6 * 60 * 1000;

/**
 * Security findings 5 and 11: destructive and credential-changing routes ask a session
 * for a sign-in or a re-authentication within the last 5 minutes (a stolen session cookie
 * alone cannot do them); each change of credentials is e-mailed to the account holder.
 */
describe('recent authentication for destructive and credential-changing routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A signed-in session of `account`, as cookie headers. */
  async function session(account: TestUser): Promise<Record<string, string>> {
    const res = await request(t.server)
      .post('/api/auth/login')
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ username: account.user.username, password: account.password })
      .expect(200);
    return { Cookie: sessionCookie(res)!, 'X-Requested-With': 'XMLHttpRequest' };
  }

  it('refuses each such route to a session that signed in more than 5 minutes ago, until it re-authenticates', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const org = await createOrganization(t, owner);
    await addMember(t, owner, org.id, member);
    const [applicant] = await seedApplicants(t, org.id, [{}]);
    const routes = [
      { method: 'post', url: '/api/api-keys/regenerate', body: {} },
      { method: 'post', url: '/api/auth/two-factor/totp', body: {} },
      { method: 'post', url: '/api/auth/passkeys/options', body: {} },
      { method: 'delete', url: `/api/projects/${org.id}/members/${member.user.id}`, body: {} },
      {
        method: 'delete',
        url: `/api/projects/${org.id}/applicants/${applicant.userId}`,
        body: { reason: 'Data subject request', confirmUserId: applicant.userId },
      },
      { method: 'delete', url: `/api/projects/${org.id}`, body: { confirmName: org.name } },
    ] as const;
    const headers = await session(owner);
    const clock = driveClock(t);
    try {
      clock.advance(SIX_MINUTES);
      for (const route of routes) {
        const refused = await request(t.server)[route.method](route.url).set(headers).send(route.body);
        expect([route.url, refused.status, refused.body.code]).toEqual([route.url, 403, 'REAUTHENTICATION_REQUIRED']);
      }
      await request(t.server).post('/api/auth/reauthenticate').set(headers).send({ password: owner.password }).expect(204);
      for (const route of routes) {
        const done = await request(t.server)[route.method](route.url).set(headers).send(route.body);
        expect([route.url, done.status < 300]).toEqual([route.url, true]);
      }
      // The re-authentication ages like a sign-in.
      clock.advance(SIX_MINUTES);
      expect((await request(t.server).post('/api/api-keys/regenerate').set(headers).send({})).body.code).toBe('REAUTHENTICATION_REQUIRED');
    } finally {
      clock.restore();
    }
  });

  it('takes a code of the authenticator app instead of the password, and counts wrong ones with the sign-in codes', async () => {
    const account = await createUser(t);
    const agent = await signedIn(t, account);
    const setup = await agent.post('/api/auth/two-factor/totp').expect(201);
    await agent
      .post('/api/auth/two-factor/totp/confirm')
      .send({ code: await generate({ secret: setup.body.secret }) })
      .expect(200);
    const clock = driveClock(t);
    try {
      clock.advance(SIX_MINUTES);
      await agent.post('/api/api-keys/regenerate').expect(403);
      expect((await agent.post('/api/auth/reauthenticate').send({ code: '000000' }).expect(401)).body.code).toBe('INVALID_TWO_FACTOR_CODE');
      await agent
        .post('/api/auth/reauthenticate')
        .send({ code: await generate({ secret: setup.body.secret, epoch: Math.floor(Date.now() / 1000) + 30 }) })
        .expect(204);
      await agent.post('/api/api-keys/regenerate').expect(200);
    } finally {
      clock.restore();
    }
  });

  it('asks nothing of an API key (it has no session to prove again), and nothing of a fresh sign-in', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const [applicant] = await seedApplicants(t, org.id, [{}]);
    const clock = driveClock(t);
    try {
      clock.advance(SIX_MINUTES);
      await request(t.server)
        .delete(`/api/projects/${org.id}/applicants/${applicant.userId}`)
        .set(owner.auth)
        .send({ reason: 'Data subject request', confirmUserId: applicant.userId })
        .expect(200);
    } finally {
      clock.restore();
    }
    const fresh = await signedIn(t, owner);
    await fresh.post('/api/api-keys/regenerate').expect(200);
    await browser(t).post('/api/auth/reauthenticate').send({ password: owner.password }).expect(401);
  });

  it('e-mails the account holder each change of credentials', async () => {
    const account = await createUser(t);
    const agent = await signedIn(t, account);
    await agent.post('/api/api-keys/regenerate').expect(200);
    await waitForMail(t, account.user.email, /Your API key was replaced/);
    const setup = await agent.post('/api/auth/two-factor/totp').expect(201);
    await agent
      .post('/api/auth/two-factor/totp/confirm')
      .send({ code: await generate({ secret: setup.body.secret }) })
      .expect(200);
    await waitForMail(t, account.user.email, /An authenticator app now guards your account/);
    await agent.delete('/api/auth/two-factor/totp').send({ password: account.password }).expect(204);
    await waitForMail(t, account.user.email, /The authenticator app was removed/);
    await agent
      .post('/api/auth/change-password')
      .send({ oldPassword: account.password, newPassword: 'A-new-passphrase-9', newPasswordConfirm: 'A-new-passphrase-9' })
      .expect(204);
    const changed = await waitForMail(t, account.user.email, /Your password was changed/);
    expect(changed.text).toContain('If this was not you');
  });
});
