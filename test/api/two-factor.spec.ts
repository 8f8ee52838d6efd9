import { generate } from 'otplib';
import { DataSource } from 'typeorm';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { UserTwoFactor } from '../../server/auth/two-factor/user-two-factor.entity.js';
import { browser, linkIn, sessionCookie, signedIn, waitForMail, type TestAgent } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code of the time step `steps` away from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });

describe('two-factor sign-in with an authenticator app (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const ds = () => t.app.get(DataSource);
  const auditOf = (userId: string) =>
    ds()
      .getRepository(AuditEvent)
      .find({ where: { actorId: userId }, order: { createdAt: 'ASC' } });

  /** Enrols the account's app with the current step's code; answers the secret and the recovery codes. */
  async function enrol(agent: TestAgent): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await agent.post('/api/auth/two-factor/totp').expect(201);
    const confirmed = await agent
      .post('/api/auth/two-factor/totp/confirm')
      .send({ code: await codeAt(setup.body.secret) })
      .expect(200);
    return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  async function passwordStep(account: TestUser): Promise<TestAgent> {
    const agent = browser(t);
    const res = await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
    expect(res.body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(res.body.message).toBe('Enter the code from your authenticator app to finish signing in');
    return agent;
  }

  it('enrols with a QR code and a confirming code, stores the secret encrypted, and shows ten recovery codes once', async () => {
    const account = await createUser(t);
    const agent = await signedIn(t, account);
    expect((await agent.get('/api/auth/two-factor').expect(200)).body).toEqual({
      totpEnabled: false,
      recoveryCodesLeft: 0,
      passkeys: 0,
      required: false,
      enrolmentRequired: false,
    });

    const setup = await agent.post('/api/auth/two-factor/totp').expect(201);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUrl).toContain(`otpauth://totp/`);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    const svg = Buffer.from(setup.body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toContain('<svg');

    // Not confirmed yet: sign-in still needs the password only.
    await signedIn(t, account);
    await agent.post('/api/auth/two-factor/totp/confirm').send({ code: '000000' }).expect(401);
    const confirmed = await agent
      .post('/api/auth/two-factor/totp/confirm')
      .send({ code: await codeAt(setup.body.secret) })
      .expect(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);

    const row = await ds().getRepository(UserTwoFactor).findOneByOrFail({ userId: account.user.id });
    expect(row.secretEncrypted).not.toContain(setup.body.secret);
    for (const code of confirmed.body.recoveryCodes as string[]) expect(row.recoveryCodeHashes).not.toContain(code.replace('-', ''));
    expect((await agent.get('/api/auth/two-factor').expect(200)).body).toEqual({
      totpEnabled: true,
      recoveryCodesLeft: 10,
      passkeys: 0,
      required: false,
      enrolmentRequired: false,
    });
    await agent.post('/api/auth/two-factor/totp').expect(409);
    expect((await auditOf(account.user.id)).map((e) => e.action)).toContain('account.totp_enabled');
  });

  it('asks for the code after the password, signs in under a new session id, and refuses a replayed code', async () => {
    const account = await createUser(t);
    const { secret } = await enrol(await signedIn(t, account));

    const agent = browser(t);
    const pending = await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
    expect(pending.body.code).toBe('TWO_FACTOR_REQUIRED');
    const pendingCookie = sessionCookie(pending);
    expect(pendingCookie).toBeDefined();
    // The pending step is not a session: nothing is reachable yet.
    await agent.get('/api/users/me').expect(401);

    // The enrolment used this step's code: it is spent.
    const replay = await agent
      .post('/api/auth/login/two-factor')
      .send({ code: await codeAt(secret) })
      .expect(401);
    expect(replay.body).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE', message: 'The code is not valid or was already used' });

    // One code string for both sign-ins: computed again later, it could belong to the next
    // 30-second step on a slow machine, and a new step's code is rightly accepted.
    const nextCode = await codeAt(secret, 1);
    const done = await agent.post('/api/auth/login/two-factor').send({ code: nextCode }).expect(200);
    expect(done.body.id).toBe(account.user.id);
    expect(sessionCookie(done)).not.toEqual(pendingCookie);
    await agent.get('/api/users/me').expect(200);

    // The same code again, in a second sign-in: refused.
    const again = await passwordStep(account);
    await again.post('/api/auth/login/two-factor').send({ code: nextCode }).expect(401);
    const actions = (await auditOf(account.user.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'account.second_factor_failed')).toHaveLength(2);
    expect(actions).toContain('account.second_factor_used');
  });

  it('refuses the second step without a pending password step', async () => {
    const res = await browser(t).post('/api/auth/login/two-factor').send({ code: '123456' }).expect(401);
    expect(res.body.code).toBe('TWO_FACTOR_NOT_PENDING');
  });

  it('accepts each recovery code once', async () => {
    const account = await createUser(t);
    const { recoveryCodes } = await enrol(await signedIn(t, account));
    const first = await passwordStep(account);
    await first.post('/api/auth/login/two-factor').send({ code: recoveryCodes[0].toUpperCase() }).expect(200);
    expect((await first.get('/api/auth/two-factor').expect(200)).body.recoveryCodesLeft).toBe(9);
    const second = await passwordStep(account);
    await second.post('/api/auth/login/two-factor').send({ code: recoveryCodes[0] }).expect(401);
    const used = (await auditOf(account.user.id)).filter((e) => e.action === 'account.second_factor_used');
    expect(used.map((e) => e.detail)).toEqual([{ method: 'recovery_code' }]);
    // A recovery code used is a change of credentials: its holder is told (finding 11).
    await waitForMail(t, account.user.email, /A recovery code was used/);
  });

  const wrongCode = (agent: TestAgent) => agent.post('/api/auth/login/two-factor').send({ code: '000000' });

  it('ends the pending step after 5 wrong codes: even the right code then needs the password again', async () => {
    const account = await createUser(t);
    const { secret } = await enrol(await signedIn(t, account));
    const agent = await passwordStep(account);
    for (let i = 0; i < 5; i += 1) expect((await wrongCode(agent).expect(401)).body.code).toBe('INVALID_TWO_FACTOR_CODE');
    const dead = await agent
      .post('/api/auth/login/two-factor')
      .send({ code: await codeAt(secret, 1) })
      .expect(401);
    expect(dead.body.code).toBe('TWO_FACTOR_NOT_PENDING');
    await agent.get('/api/users/me').expect(401);
    // The account holder hears of it: someone knows the password.
    const warning = await waitForMail(t, account.user.email, /Wrong sign-in codes/);
    expect(warning.text).toContain('5 wrong codes');
  });

  it('counts wrong codes per account, not per password step: giving the password again does not reset them, and the 10th locks the app', async () => {
    // The attack of the security review: sign in, try 4 codes, sign in again, forever.
    const account = await createUser(t);
    const { secret, recoveryCodes } = await enrol(await signedIn(t, account));
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const agent = await passwordStep(account);
      for (let i = 0; i < 4; i += 1) statuses.push((await wrongCode(agent)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([403, 403]);

    // Locked: the right code of the app is refused, whatever the step says.
    const pending = await browser(t).post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
    expect(pending.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', locked: true });
    const agent = await passwordStep(account);
    const locked = await agent
      .post('/api/auth/login/two-factor')
      .send({ code: await codeAt(secret, 1) })
      .expect(403);
    expect(locked.body).toMatchObject({ code: 'SECOND_FACTOR_LOCKED', message: expect.stringContaining('recovery code') });

    // The holder is e-mailed an unlock link; a recovery code opens it too and clears the count.
    const mail = await waitForMail(t, account.user.email, /second factor is locked/);
    expect(linkIn(mail.text, 'unlock-second-factor')).toBeTruthy();
    await agent.post('/api/auth/login/two-factor').send({ code: recoveryCodes[0] }).expect(200);
    const again = await passwordStep(account);
    await again
      .post('/api/auth/login/two-factor')
      .send({ code: await codeAt(secret, 1) })
      .expect(200);
  });

  it('unlocks through the e-mailed link, once', async () => {
    const account = await createUser(t);
    const { secret } = await enrol(await signedIn(t, account));
    for (let round = 0; round < 2; round += 1) {
      const agent = await passwordStep(account);
      for (let i = 0; i < 5; i += 1) await wrongCode(agent).expect(401);
    }
    const mail = await waitForMail(t, account.user.email, /second factor is locked/);
    const { user, token } = linkIn(mail.text, 'unlock-second-factor');
    const body = { user, token };
    await browser(t)
      .post('/api/auth-emails/unlock-second-factor')
      .send({ ...body, token: 'forged' })
      .expect(400);
    const unlocked = await browser(t).post('/api/auth-emails/unlock-second-factor').send(body).expect(200);
    expect(unlocked.body.message).toBe('Your authenticator app and passkeys work again. Sign in.');
    expect((await browser(t).post('/api/auth-emails/unlock-second-factor').send(body).expect(400)).body.code).toBe('LINK_INVALID');
    const agent = await passwordStep(account);
    await agent
      .post('/api/auth/login/two-factor')
      .send({ code: await codeAt(secret, 1) })
      .expect(200);
  });

  it('counts a burst of parallel wrong codes before checking them: steps begun together share their 5 attempts', async () => {
    const account = await createUser(t);
    await enrol(await signedIn(t, account));
    const agents = await Promise.all([0, 1, 2, 3].map(() => passwordStep(account)));
    const answers = await Promise.all(agents.flatMap((agent) => [0, 1, 2, 3, 4].map(() => wrongCode(agent))));
    expect(answers.filter((r) => r.body.code === 'INVALID_TWO_FACTOR_CODE')).toHaveLength(5);
    expect(answers.filter((r) => r.body.code === 'TWO_FACTOR_NOT_PENDING')).toHaveLength(15);
  });

  it('a right code clears the count', async () => {
    const account = await createUser(t);
    const { secret } = await enrol(await signedIn(t, account));
    const first = await passwordStep(account);
    for (let i = 0; i < 4; i += 1) await wrongCode(first).expect(401);
    await first
      .post('/api/auth/login/two-factor')
      .send({ code: await codeAt(secret, 1) })
      .expect(200);
    const second = await passwordStep(account);
    for (let i = 0; i < 5; i += 1) await wrongCode(second).expect(401);
    const third = await passwordStep(account);
    // 9 failures in all, but only 5 since the right code: not locked.
    expect((await wrongCode(third).expect(401)).body.code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('removes the app only with a current code or the password', async () => {
    const account = await createUser(t);
    const agent = await signedIn(t, account);
    const { secret } = await enrol(agent);
    await agent.delete('/api/auth/two-factor/totp').send({ password: 'wrong-password' }).expect(400);
    await agent.delete('/api/auth/two-factor/totp').send({ code: '000000' }).expect(401);
    await agent
      .delete('/api/auth/two-factor/totp')
      .send({ code: await codeAt(secret, 1) })
      .expect(204);
    expect((await agent.get('/api/auth/two-factor').expect(200)).body.totpEnabled).toBe(false);
    await signedIn(t, account);

    await enrol(agent);
    await agent.delete('/api/auth/two-factor/totp').send({ password: account.password }).expect(204);
    await agent.delete('/api/auth/two-factor/totp').send({ password: account.password }).expect(400);
    const removed = (await auditOf(account.user.id)).filter((e) => e.action === 'account.totp_removed');
    expect(removed.map((e) => e.detail)).toEqual([{ proof: 'code' }, { proof: 'password' }]);
  });
});
