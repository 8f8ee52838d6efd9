import request from 'supertest';
import { browser, signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';

/**
 * The password policy of new passwords (registration, change, reset): PASSWORD_MIN_LENGTH
 * (default 8, bounded by the spec's 4 to 32), the bundled list of common passwords, and
 * not the account's own username or e-mail address. Existing passwords still sign in.
 */
describe('password policy', () => {
  let t: TestApp;
  const register = (username: string, password: string) =>
    browser(t)
      .post('/api/auth/register')
      .send({ username, email: `${username}@example.test`, password });

  afterEach(() => t.close());

  describe('by default', () => {
    beforeEach(async () => {
      t = await startTestApp();
    });

    it('publishes the policy for the forms', async () => {
      const res = await request(t.server).get('/api/auth/password-policy').expect(200);
      expect(res.body).toEqual({ minLength: 8, maxLength: 32, rejectsCommonPasswords: true });
    });

    it.each([
      ['a short one', 'Zq7#wx', 'PASSWORD_TOO_SHORT', 'Password must be at least 8 characters long'],
      ['a common one', 'iloveyou', 'PASSWORD_TOO_COMMON', 'This password is one of the most common ones and easy to guess. Choose another.'],
      [
        'a common one in other letter case',
        'PassWord123',
        'PASSWORD_TOO_COMMON',
        'This password is one of the most common ones and easy to guess. Choose another.',
      ],
      ['the username', 'policy-user-1', 'PASSWORD_IS_IDENTITY', 'Your password must not be your username or e-mail address'],
      ['the e-mail address', 'POLICY-USER-1@example.test', 'PASSWORD_IS_IDENTITY', 'Your password must not be your username or e-mail address'],
    ])('refuses %s at registration with a clear 400, creating nothing', async (_name, password, code, message) => {
      const res = await register('policy-user-1', password).expect(400);
      expect(res.body).toMatchObject({ code, message });
      await register('policy-user-1', 'ample-lantern-42').expect(201);
    });

    it('applies to a changed password, after which the old one still works', async () => {
      const account = await createUser(t);
      const agent = await signedIn(t, account);
      const change = (newPassword: string) =>
        agent.post('/api/auth/change-password').send({ oldPassword: account.password, newPassword, newPasswordConfirm: newPassword });
      expect((await change('qwerty123').expect(400)).body.code).toBe('PASSWORD_TOO_COMMON');
      expect((await change(account.user.username).expect(400)).body.code).toBe('PASSWORD_IS_IDENTITY');
      await signedIn(t, account);
      await change('ample-lantern-42').expect(204);
      await signedIn(t, { ...account, password: 'ample-lantern-42' });
    });
  });

  describe('with PASSWORD_MIN_LENGTH=4 (the spec floor)', () => {
    beforeEach(async () => {
      t = await startTestApp({ PASSWORD_MIN_LENGTH: '4' });
    });

    it("accepts the spec's shortest passwords unless they are common", async () => {
      expect((await request(t.server).get('/api/auth/password-policy').expect(200)).body.minLength).toBe(4);
      expect((await register('short-1', '1234').expect(400)).body.code).toBe('PASSWORD_TOO_COMMON');
      await register('short-1', 'q7#z').expect(201);
    });
  });
});
