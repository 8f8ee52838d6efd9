import { createHash } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AuthEmailsService } from '../../server/auth/auth-emails.service.js';
import { AuthToken } from '../../server/auth/auth-token.entity.js';
import { OutboxMail } from '../../server/mail/outbox-mail.entity.js';
import { User } from '../../server/users/user.entity.js';
import { browser, linkIn, mailsTo, sessionCookie, signedIn, waitForMail } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startLocalSmtp, type LocalSmtp } from '../support/smtp.js';
import { createUser } from '../support/users.js';

const INVALID_LINK = 'This link is invalid, has expired or was already used. Request a new one.';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('e-mailed links, with no SMTP server (the outbox is the delivery)', () => {
  let t: TestApp;
  /** Everything the app writes to stdout/stderr while this suite runs (at log level 'log'). */
  const logged: string[] = [];
  /** Passwords, tokens and session cookies seen in this suite: none may ever be logged. */
  const secrets = new Set<string>();
  let restoreOutput: () => void;

  beforeAll(async () => {
    const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
    const capture = ((chunk: string | Uint8Array) => {
      logged.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write;
    process.stdout.write = capture;
    process.stderr.write = capture;
    restoreOutput = () => {
      process.stdout.write = writes.stdout;
      process.stderr.write = writes.stderr;
    };
    t = await startTestApp({ LOG_LEVEL: 'log' });
  });
  afterAll(async () => {
    await t.close();
    restoreOutput();
    process.env.LOG_LEVEL = 'error';
  });

  const settled = () => t.app.get(AuthEmailsService).settled();
  const tokens = () => t.app.get(DataSource).getRepository(AuthToken);
  const users = () => t.app.get(DataSource).getRepository(User);
  const remember = (...values: (string | undefined)[]) => values.forEach((v) => v && secrets.add(v));

  async function requestReset(email: string) {
    const res = await browser(t).post('/api/auth-emails/reset-password/start').query({ email }).expect(202);
    await settled();
    return res;
  }

  async function resetLinkFor(email: string) {
    await requestReset(email);
    const mail = await waitForMail(t, email, /reset/i);
    const link = linkIn(mail.text, 'password-reset');
    remember(link.token);
    return link;
  }

  describe('password reset', () => {
    it('answers an unknown address exactly like a known one, and mails only the known one', async () => {
      const account = await createUser(t);
      const known = await requestReset(account.user.email);
      const unknown = await requestReset('nobody-here@example.test');
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toEqual({
        message: 'If an account with this e-mail address exists, we have sent it a link to reset the password.',
      });
      expect(sessionCookie(known)).toBeUndefined();
      expect(await mailsTo(t, account.user.email)).toHaveLength(1);
      expect(await mailsTo(t, 'nobody-here@example.test')).toHaveLength(0);
    });

    it('mails a link to /password-reset?user=<id>&token=<token> that sets a new password and ends every session', async () => {
      const account = await createUser(t);
      const before = await signedIn(t, account);
      const link = await resetLinkFor(account.user.email);
      expect(link.url.origin + link.url.pathname).toBe('http://localhost:3000/password-reset');
      expect(link.user).toBe(account.user.id);

      remember('fresh-start-7');
      const res = await browser(t)
        .post('/api/auth-emails/reset-password/reset')
        .send({ user: link.user, token: link.token, password: 'fresh-start-7' })
        .expect(200);
      expect(res.body.message).toMatch(/password has been changed/);
      await before.get('/api/users/me').expect(401);
      await browser(t).post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
      await browser(t).post('/api/auth/login').send({ username: account.user.username, password: 'fresh-start-7' }).expect(200);
    });

    it('stores only the SHA-256 of a token', async () => {
      const account = await createUser(t);
      const link = await resetLinkFor(account.user.email);
      const rows = await tokens().findBy({ userId: account.user.id });
      expect(rows).toHaveLength(1);
      expect(rows[0].tokenHash).toBe(sha256(link.token));
      expect(JSON.stringify(rows)).not.toContain(link.token);
      expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(55 * 60 * 1000);
      expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    });

    it('refuses a used token', async () => {
      const account = await createUser(t);
      const link = await resetLinkFor(account.user.email);
      const reset = (password: string) => browser(t).post('/api/auth-emails/reset-password/reset').send({ user: link.user, token: link.token, password });
      await reset('first-one').expect(200);
      const again = await reset('second-one').expect(400);
      expect(again.body.message).toBe(INVALID_LINK);
      await browser(t).post('/api/auth/login').send({ username: account.user.username, password: 'first-one' }).expect(200);
    });

    it('refuses an expired token (expiry moved into the past in the database)', async () => {
      const account = await createUser(t);
      const link = await resetLinkFor(account.user.email);
      await tokens().update({ tokenHash: sha256(link.token) }, { expiresAt: new Date(Date.now() - 1000) });
      const res = await browser(t)
        .post('/api/auth-emails/reset-password/reset')
        .send({ user: link.user, token: link.token, password: 'too-late-1' })
        .expect(400);
      expect(res.body.message).toBe(INVALID_LINK);
    });

    it("refuses a token with another user's id, a malformed id or a made-up token", async () => {
      const account = await createUser(t);
      const other = await createUser(t);
      const link = await resetLinkFor(account.user.email);
      const reset = (user: string, token: string) =>
        browser(t).post('/api/auth-emails/reset-password/reset').send({ user, token, password: 'whatever-1' }).expect(400);
      expect((await reset(other.user.id, link.token)).body.message).toBe(INVALID_LINK);
      expect((await reset('not-a-uuid', link.token)).body.message).toBe(INVALID_LINK);
      expect((await reset(account.user.id, 'made-up-token')).body.message).toBe(INVALID_LINK);
      // The real link still works afterwards.
      await browser(t).post('/api/auth-emails/reset-password/reset').send({ user: link.user, token: link.token, password: 'whatever-1' }).expect(200);
    });

    it("wants a new password of 4 to 32 characters that meets the operator's policy, and a refused one does not spend the link", async () => {
      const account = await createUser(t);
      const link = await resetLinkFor(account.user.email);
      const reset = (password: string) => browser(t).post('/api/auth-emails/reset-password/reset').send({ user: link.user, token: link.token, password });
      expect((await reset('abc').expect(400)).body.message).toContain('Password must be 4 to 32 characters long');
      await reset('x'.repeat(33)).expect(400);
      expect((await reset('q7#zk').expect(400)).body).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: 'Password must be at least 8 characters long' });
      expect((await reset('password1').expect(400)).body.code).toBe('PASSWORD_TOO_COMMON');
      await reset('q7#zk-lantern').expect(200);
    });

    it('answers 400 for a reset request without a valid e-mail address', async () => {
      await browser(t).post('/api/auth-emails/reset-password/start').expect(400);
      await browser(t).post('/api/auth-emails/reset-password/start').query({ email: 'not-an-address' }).expect(400);
    });
  });

  describe('e-mail confirmation', () => {
    it('sends a link to the signed-in user that confirms the address, once', async () => {
      const account = await createUser(t, { isConfirmed: false });
      const agent = await signedIn(t, account);
      remember(sessionCookie(await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password })));
      await agent.post('/api/auth-emails/confirm-email/start').expect(202);
      const mail = await waitForMail(t, account.user.email, /confirm/i);
      const link = linkIn(mail.text, 'confirm-email');
      remember(link.token);
      expect(link.url.origin + link.url.pathname).toBe('http://localhost:3000/confirm-email');
      expect(link.user).toBe(account.user.id);

      // The confirmation page is public: no session needed.
      const confirm = () =>
        request(t.server)
          .post('/api/auth-emails/confirm-email/confirm')
          .set('X-Requested-With', 'XMLHttpRequest')
          .query({ token: link.token, user: link.user });
      await confirm().expect(200);
      expect((await agent.get('/api/users/me').expect(200)).body.isConfirmed).toBe(true);
      expect((await confirm().expect(400)).body.message).toBe(INVALID_LINK);

      const already = await agent.post('/api/auth-emails/confirm-email/start').expect(400);
      expect(already.body.message).toBe('Your e-mail address is already confirmed');
    });

    it('refuses an expired confirmation link', async () => {
      const account = await createUser(t, { isConfirmed: false });
      const agent = await signedIn(t, account);
      await agent.post('/api/auth-emails/confirm-email/start').expect(202);
      const link = linkIn((await waitForMail(t, account.user.email, /confirm/i)).text, 'confirm-email');
      remember(link.token);
      await tokens().update({ tokenHash: sha256(link.token) }, { expiresAt: new Date(Date.now() - 1000) });
      await browser(t).post('/api/auth-emails/confirm-email/confirm').query({ token: link.token, user: link.user }).expect(400);
      expect((await users().findOneByOrFail({ id: account.user.id })).isConfirmed).toBe(false);
    });

    it('does not let a password-reset token confirm an address', async () => {
      const account = await createUser(t, { isConfirmed: false });
      const link = await resetLinkFor(account.user.email);
      await browser(t).post('/api/auth-emails/confirm-email/confirm').query({ token: link.token, user: link.user }).expect(400);
    });

    it('needs a signed-in caller to send a confirmation, and limits how often', async () => {
      await browser(t).post('/api/auth-emails/confirm-email/start').expect(401);
      const account = await createUser(t, { isConfirmed: false });
      const agent = await signedIn(t, account);
      for (let i = 0; i < 3; i++) await agent.post('/api/auth-emails/confirm-email/start').expect(202);
      const res = await agent.post('/api/auth-emails/confirm-email/start').expect(429);
      expect(res.body.message).toMatch(/sent recently/);
    });
  });

  describe('set-password link for an invited admin', () => {
    it('mails a 72-hour /password-reset link that the reset endpoint accepts', async () => {
      const repository = users();
      const admin = await repository.save(
        repository.create({ username: `invited${Date.now()}`, email: `invited${Date.now()}@example.test`, passwordHash: null, role: 'admin' }),
      );
      await t.app.get(AuthEmailsService).sendSetPasswordLink(admin);
      const mail = await waitForMail(t, admin.email, /set your/i);
      const link = linkIn(mail.text, 'password-reset');
      remember(link.token);
      expect(link.user).toBe(admin.id);
      const row = await tokens().findOneByOrFail({ tokenHash: sha256(link.token) });
      expect(row.purpose).toBe('set-password');
      const hours = (row.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThanOrEqual(72);

      // No password yet: sign-in fails like any wrong password.
      await browser(t).post('/api/auth/login').send({ username: admin.username, password: 'anything' }).expect(401);
      remember('admin-pass-1');
      await browser(t).post('/api/auth-emails/reset-password/reset').send({ user: link.user, token: link.token, password: 'admin-pass-1' }).expect(200);
      const me = await signedIn(t, { user: admin, password: 'admin-pass-1' });
      expect((await me.get('/api/users/me').expect(200)).body).toMatchObject({ role: 'admin', isConfirmed: true });
    });
  });

  it('logs one line per stored e-mail, and never a password, token, hash or session id', async () => {
    await settled();
    const outbox = await t.app.get(DataSource).getRepository(OutboxMail).find();
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.every((m) => m.status === 'stored')).toBe(true);
    const storedLines = logged.filter((line) => line.includes('was stored in the outbox')).map((line) => (JSON.parse(line) as { message: string }).message);
    expect(storedLines).toHaveLength(outbox.length);
    // The subject and the outbox id; the recipient is personal data and stays in the outbox row.
    expect(storedLines[0]).toMatch(/^An e-mail "[^"]+" was stored in the outbox \(mail_outbox id [\w-]+\)/);
    expect(storedLines.join('\n')).not.toMatch(/@/);

    const hashes = (await users().find()).map((u) => u.passwordHash).filter((h): h is string => Boolean(h));
    const tokenHashes = (await tokens().find()).map((row) => row.tokenHash);
    const all = logged.join('\n');
    for (const secret of [...secrets, ...hashes, ...tokenHashes]) {
      const bare = secret.replace(/^kyc\.sid=/, '');
      expect(all).not.toContain(bare);
      expect(all).not.toContain(decodeURIComponent(bare));
      if (secret.startsWith('kyc.sid=')) {
        const sessionId = decodeURIComponent(bare).replace(/^s:/, '').split('.')[0];
        expect(all).not.toContain(sessionId);
      }
    }
    expect(all).not.toContain('correct-horse-9'); // the factory password used to sign in all through this suite
    expect(secrets.size).toBeGreaterThan(5);
  });
});

describe('e-mailed links through a real SMTP server', () => {
  let smtp: LocalSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'KYC test <no-reply@kyc.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the reset e-mail; following its link resets the password and the new one signs in', async () => {
    const account = await createUser(t);
    await browser(t).post('/api/auth-emails/reset-password/start').query({ email: account.user.email }).expect(202);
    const mail = await smtp.next();
    expect(mail.to).toEqual([account.user.email]);
    expect(mail.from).toBe('no-reply@kyc.test');
    expect(mail.subject).toMatch(/reset/i);

    const link = linkIn(mail.text, 'password-reset');
    expect(link.user).toBe(account.user.id);
    await browser(t).post('/api/auth-emails/reset-password/reset').send({ user: link.user, token: link.token, password: 'via-smtp-42' }).expect(200);
    await browser(t).post('/api/auth/login').send({ username: account.user.username, password: 'via-smtp-42' }).expect(200);
    await browser(t).post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);

    await t.app.get(AuthEmailsService).settled();
    const [row] = await mailsTo(t, account.user.email);
    expect(row.status).toBe('sent');
  });

  it("records 'failed' in the outbox, without failing the request, when the SMTP server refuses", async () => {
    const account = await createUser(t, { isConfirmed: false });
    const agent = await signedIn(t, account);
    await smtp.close(); // the server is gone: connection refused
    await agent.post('/api/auth-emails/confirm-email/start').expect(202);
    const [row] = await mailsTo(t, account.user.email);
    expect(row.status).toBe('failed');
  });
});
