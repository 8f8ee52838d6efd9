import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { jest } from '@jest/globals';
import { PasswordService } from '../../server/auth/password.service.js';
import { Session } from '../../server/sessions/session.entity.js';
import { Organization } from '../../server/organizations/organization.entity.js';
import { User } from '../../server/users/user.entity.js';
import { browser, mailsTo, sessionCookie, signedIn, waitForMail } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser } from '../support/users.js';

const INVALID_CREDENTIALS = 'Provided username and password are not valid';
const USER_DTO_KEYS = ['email', 'id', 'image', 'isConfirmed', 'isDemo', 'redirectUrl', 'role', 'username', 'webhook'];

/**
 * Holds every password check until two have finished, then lets both go on at once:
 * two requests then reach whatever follows the check at the same moment. Returns the undo.
 */
function bothAtOnce(t: TestApp): () => void {
  const passwords = t.app.get(PasswordService);
  const verify = passwords.verify.bind(passwords);
  let arrived = 0;
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const spy = jest.spyOn(passwords, 'verify').mockImplementation(async (hash, password) => {
    const result = await verify(hash, password);
    if (++arrived >= 2) open();
    await gate;
    return result;
  });
  return () => spy.mockRestore();
}

describe('accounts: registration, sign-in and credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const users = () => t.app.get(DataSource).getRepository(User);
  const unique = () => randomBytes(4).toString('hex');
  const newcomer = () => {
    const tag = unique();
    return { email: `New.${tag}@Example.test`, username: `new_${tag}`, password: 'hunter-22' };
  };

  describe('registration', () => {
    it('creates a kyc account, signs it in and e-mails a confirmation link', async () => {
      const agent = browser(t);
      const form = newcomer();
      const res = await agent.post('/api/auth/register').send(form).expect(201);
      expect(Object.keys(res.body).sort()).toEqual(USER_DTO_KEYS);
      expect(res.body).toMatchObject({
        username: form.username,
        email: form.email.toLowerCase(),
        role: 'kyc',
        isDemo: false,
        isConfirmed: false,
        image: { url: '/api/images/default', hasImage: false },
      });
      expect(sessionCookie(res)).toBeDefined();
      const me = await agent.get('/api/users/me').expect(200);
      expect(me.body.id).toBe(res.body.id);

      const stored = await users().findOneByOrFail({ id: res.body.id });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      const mail = await waitForMail(t, form.email.toLowerCase(), /confirm/i);
      expect(mail.text).toContain(`/confirm-email?user=${res.body.id}&token=`);
    });

    it('refuses a taken username (in any letter case) or e-mail address with 409 and a clear message', async () => {
      const existing = await createUser(t);
      const taken = await request(t.server)
        .post('/api/auth/register')
        .set('X-Requested-With', 'XMLHttpRequest')
        .send({ ...newcomer(), username: existing.user.username.toUpperCase() })
        .expect(409);
      expect(taken.body.message).toBe('This username is already taken');
      const emailTaken = await browser(t)
        .post('/api/auth/register')
        .send({ ...newcomer(), email: existing.user.email.toUpperCase() })
        .expect(409);
      expect(emailTaken.body.message).toBe('An account with this e-mail address already exists');
    });

    it('answers 400 for a missing field, a bad e-mail, a username with an @ or a password outside 4–32 characters', async () => {
      const agent = browser(t);
      await agent
        .post('/api/auth/register')
        .send({ username: `x${unique()}`, password: 'abcd' })
        .expect(400);
      const badEmail = await agent
        .post('/api/auth/register')
        .send({ ...newcomer(), email: 'nope' })
        .expect(400);
      expect(badEmail.body.message).toContain('E-mail address is not valid');
      await agent
        .post('/api/auth/register')
        .send({ ...newcomer(), username: 'a@b.c' })
        .expect(400);
      const short = await agent
        .post('/api/auth/register')
        .send({ ...newcomer(), password: 'abc' })
        .expect(400);
      expect(short.body.message).toContain('Password must be 4 to 32 characters long');
      await agent
        .post('/api/auth/register')
        .send({ ...newcomer(), password: 'x'.repeat(33) })
        .expect(400);
    });
  });

  describe('sign-in', () => {
    it('accepts the username or the e-mail address and answers the user DTO without secrets', async () => {
      const account = await createUser(t);
      const byName = await browser(t).post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
      expect(Object.keys(byName.body).sort()).toEqual(USER_DTO_KEYS);
      expect(JSON.stringify(byName.body)).not.toMatch(/argon2|kyc_sk_|passwordHash|apiKey/);
      const byEmail = await browser(t).post('/api/auth/login').send({ username: account.user.email.toUpperCase(), password: account.password }).expect(200);
      expect(byEmail.body.id).toBe(account.user.id);
    });

    it('answers an unknown user and a wrong password with the same 401', async () => {
      const account = await createUser(t);
      const wrong = await browser(t).post('/api/auth/login').send({ username: account.user.username, password: 'not-the-password' }).expect(401);
      const unknown = await browser(t)
        .post('/api/auth/login')
        .send({ username: `ghost${unique()}`, password: 'not-the-password' })
        .expect(401);
      expect(wrong.body).toEqual({ statusCode: 401, message: INVALID_CREDENTIALS, error: 'Unauthorized', code: 'INVALID_CREDENTIALS' });
      expect(unknown.body).toEqual(wrong.body);
      expect(sessionCookie(wrong)).toBeUndefined();
    });

    it('answers 400 when the username or password is missing', async () => {
      const res = await browser(t).post('/api/auth/login').send({ username: 'someone' }).expect(400);
      expect(res.body.message).toContain('Password is required');
    });

    it('issues a new session id at login: a cookie planted before is not the one after (no fixation)', async () => {
      const account = await createUser(t);
      const agent = browser(t);
      const first = await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
      const before = sessionCookie(first);
      expect(before).toBeDefined();

      // The same browser, still holding a valid session cookie, signs in again.
      const second = await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
      const after = sessionCookie(second);
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      await request(t.server).get('/api/users/me').set('Cookie', before!).expect(401);
      await request(t.server).get('/api/users/me').set('Cookie', after!).expect(200);

      // A cookie value an attacker chose is never adopted either.
      const planted = 'kyc.sid=s%3Aattacker-chosen-id.invalidsignature';
      const third = await request(t.server)
        .post('/api/auth/login')
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('Cookie', planted)
        .send({ username: account.user.username, password: account.password })
        .expect(200);
      expect(sessionCookie(third)).not.toBe(planted);
    });

    it('answers 429 after 5 failed attempts for one username from one address, even with the right password', async () => {
      const account = await createUser(t);
      const agent = browser(t);
      for (let i = 0; i < 5; i++) {
        await agent
          .post('/api/auth/login')
          .send({ username: account.user.username, password: `wrong-${i}` })
          .expect(401);
      }
      const blocked = await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(429);
      expect(blocked.body.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
      // Another username from the same address is not affected.
      const other = await createUser(t);
      await agent.post('/api/auth/login').send({ username: other.user.username, password: other.password }).expect(200);

      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);

      // Once the window has passed on the server's clock, sign-in works again.
      const clock = driveClock(t);
      try {
        clock.advance(16 * 60 * 1000);
        await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
      } finally {
        clock.restore();
      }
    });

    it('counts failures by username and by e-mail address of one account together', async () => {
      const account = await createUser(t);
      const agent = browser(t);
      for (let i = 0; i < 3; i++) {
        await agent.post('/api/auth/login').send({ username: account.user.username, password: 'wrong' }).expect(401);
      }
      for (let i = 0; i < 2; i++) {
        await agent.post('/api/auth/login').send({ username: account.user.email, password: 'wrong' }).expect(401);
      }
      await agent.post('/api/auth/login').send({ username: account.user.email, password: account.password }).expect(429);
    });

    it('forgets earlier failures after a successful sign-in', async () => {
      const account = await createUser(t);
      const agent = browser(t);
      const fail = () => agent.post('/api/auth/login').send({ username: account.user.username, password: 'wrong' }).expect(401);
      for (let i = 0; i < 4; i++) await fail();
      await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
      for (let i = 0; i < 4; i++) await fail(); // would be the 9th failure without the reset
      await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
    });
  });

  describe('logout', () => {
    it('ends the session and clears the cookie', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const res = await agent.post('/api/auth/logout').expect(204);
      expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(/kyc\.sid=;.*Expires=Thu, 01 Jan 1970/);
      await agent.get('/api/users/me').expect(401);
    });

    it('deletes a demo account (spec: logging out deletes the demo account)', async () => {
      const demo = await createUser(t, { isDemo: true });
      const agent = await signedIn(t, demo);
      await agent.post('/api/auth/logout').expect(204);
      expect(await users().existsBy({ id: demo.user.id })).toBe(false);
    });
  });

  describe('change password', () => {
    it('refuses a cross-site form post carrying a valid session cookie with 403', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const cookie = sessionCookie(await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }));
      const res = await request(t.server)
        .post('/api/auth/change-password')
        .set('Cookie', cookie!)
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({ oldPassword: account.password, newPassword: 'pwned-1', newPasswordConfirm: 'pwned-1' })
        .expect(403);
      expect(res.body.message).toBe('Cross-site request refused');
      // Without the Origin header, the missing X-Requested-With header is enough to refuse.
      await request(t.server)
        .post('/api/auth/change-password')
        .set('Cookie', cookie!)
        .type('form')
        .send({ oldPassword: account.password, newPassword: 'pwned-1', newPasswordConfirm: 'pwned-1' })
        .expect(403);
      await browser(t).post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
    });

    it("answers 'Your passwords confirmation does not match' when the confirmation differs", async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const res = await agent
        .post('/api/auth/change-password')
        .send({ oldPassword: account.password, newPassword: 'new-pass-1', newPasswordConfirm: 'new-pass-2' })
        .expect(400);
      expect(res.body.message).toBe('Your passwords confirmation does not match');
    });

    it('refuses a wrong old password', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const res = await agent
        .post('/api/auth/change-password')
        .send({ oldPassword: 'not-it', newPassword: 'new-pass-1', newPasswordConfirm: 'new-pass-1' })
        .expect(400);
      expect(res.body.message).toBe('The password you entered is not correct');
    });

    it('changes the password and ends every session of the user, other browsers included', async () => {
      const account = await createUser(t);
      const stranger = await createUser(t);
      const here = await signedIn(t, account);
      const elsewhere = await signedIn(t, account);
      const strangerAgent = await signedIn(t, stranger);
      await here
        .post('/api/auth/change-password')
        .send({ oldPassword: account.password, newPassword: 'brand-new-9', newPasswordConfirm: 'brand-new-9' })
        .expect(204);
      await here.get('/api/users/me').expect(401);
      await elsewhere.get('/api/users/me').expect(401);
      await strangerAgent.get('/api/users/me').expect(200);
      expect(await t.app.get(DataSource).getRepository(Session).countBy({ userId: account.user.id })).toBe(0);

      await browser(t).post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
      await browser(t).post('/api/auth/login').send({ username: account.user.username, password: 'brand-new-9' }).expect(200);
    });
  });

  describe('change e-mail', () => {
    it('changes the address after checking the password, unconfirms it and mails both addresses', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const newEmail = `moved.${unique()}@example.test`;
      await agent.post('/api/auth/change-email').send({ password: 'wrong', email: newEmail }).expect(400);
      const res = await agent.post('/api/auth/change-email').send({ password: account.password, email: newEmail.toUpperCase() }).expect(200);
      expect(res.body).toMatchObject({ email: newEmail, isConfirmed: false });
      const confirmation = await waitForMail(t, newEmail, /confirm/i);
      expect(confirmation.text).toContain('/confirm-email?user=');
      const notice = await waitForMail(t, account.user.email, /changed/i);
      expect(notice.text).toContain(newEmail);
      expect(notice.text).not.toContain('token=');
    });

    it('refuses an address another account uses (409) and locks demo accounts', async () => {
      const account = await createUser(t);
      const other = await createUser(t);
      const agent = await signedIn(t, account);
      const taken = await agent.post('/api/auth/change-email').send({ password: account.password, email: other.user.email }).expect(409);
      expect(taken.body.message).toBe('An account with this e-mail address already exists');

      const demo = await createUser(t, { isDemo: true });
      const demoAgent = await signedIn(t, demo);
      const locked = await demoAgent
        .post('/api/auth/change-email')
        .send({ password: demo.password, email: `d.${unique()}@example.test` })
        .expect(403);
      expect(locked.body.message).toBe('Disabled in demo');
    });
  });

  describe('account deletion', () => {
    it('is refused while the user owns an organization, and allowed after', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const otherBrowser = await signedIn(t, account);
      const organizations = t.app.get(DataSource).getRepository(Organization);
      const organization = await organizations.save(organizations.create({ name: 'Acme', ownerId: account.user.id, companyKey: `pk_test_${unique()}` }));

      await agent.get('/api/organizations/owner-check').expect(200, { response: true });
      const refused = await agent.delete('/api/auth/delete').send({ password: account.password }).expect(409);
      expect(refused.body.message).toMatch(/while you own an organization/);

      await organizations.delete({ id: organization.id });
      await agent.get('/api/organizations/owner-check').expect(200, { response: false });
      await agent.delete('/api/auth/delete').send({ password: 'wrong-password' }).expect(400);
      await agent.delete('/api/auth/delete').send({ password: account.password }).expect(204);

      expect(await users().existsBy({ id: account.user.id })).toBe(false);
      await agent.get('/api/users/me').expect(401);
      await otherBrowser.get('/api/users/me').expect(401);
      expect(await t.app.get(DataSource).getRepository(Session).countBy({ userId: account.user.id })).toBe(0);
      await browser(t).post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
    });

    it('keeps the last super-admin', async () => {
      const repository = users();
      const superAdmins = (await repository.findBy({ role: 'super-admin' })).map((u) => u.id);
      if (superAdmins.length > 0) await repository.update(superAdmins, { role: 'admin' });
      try {
        const only = await createUser(t, { role: 'super-admin' });
        const agent = await signedIn(t, only);
        const res = await agent.delete('/api/auth/delete').send({ password: only.password }).expect(409);
        expect(res.body.message).toBe('The last super-admin account cannot be deleted');
      } finally {
        if (superAdmins.length > 0) await repository.update(superAdmins, { role: 'super-admin' });
      }
    });

    it('keeps a super-admin when the last two delete themselves at the same moment: exactly one succeeds', async () => {
      const repository = users();
      const others = (await repository.findBy({ role: 'super-admin' })).map((u) => u.id);
      if (others.length > 0) await repository.update(others, { role: 'admin' });
      try {
        let survivor = await createUser(t, { role: 'super-admin' });
        for (let round = 0; round < 3; round += 1) {
          const pair = [survivor, await createUser(t, { role: 'super-admin' })];
          const agents = await Promise.all(pair.map((account) => signedIn(t, account)));
          // Both requests pass the password check together, then race for the last super-admin.
          const release = bothAtOnce(t);
          const answers = await Promise.all(agents.map((agent, i) => agent.delete('/api/auth/delete').send({ password: pair[i].password }))).finally(release);
          expect(answers.map((res) => res.status).sort()).toEqual([204, 409]);
          const refused = answers.findIndex((res) => res.status === 409);
          expect(answers[refused].body.code).toBe('LAST_SUPER_ADMIN');
          expect((await repository.findBy({ role: 'super-admin' })).map((u) => u.id)).toEqual([pair[refused].user.id]);
          survivor = pair[refused];
        }
      } finally {
        if (others.length > 0) await repository.update(others, { role: 'super-admin' });
      }
    });

    it('needs a signed-in caller for the owner check and the deletion', async () => {
      await request(t.server).get('/api/organizations/owner-check').expect(401);
      await browser(t).delete('/api/auth/delete').send({ password: 'whatever' }).expect(401);
    });
  });

  it('never sends a mail for a failed registration', async () => {
    const existing = await createUser(t);
    await browser(t)
      .post('/api/auth/register')
      .send({ ...newcomer(), username: existing.user.username })
      .expect(409);
    expect(await mailsTo(t, existing.user.email)).toHaveLength(0);
  });
});
