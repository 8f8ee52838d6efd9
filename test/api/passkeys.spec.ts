import { DataSource } from 'typeorm';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { UserPasskey } from '../../server/auth/passkeys/user-passkey.entity.js';
import { appConfig, type AppConfig } from '../../server/config/config.module.js';
import { browser, sessionCookie, signedIn, waitForMail, type TestAgent } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { SoftwareAuthenticator } from '../support/webauthn.js';

describe('passkeys (WebAuthn): enrolment, second step after the password, passwordless sign-in', () => {
  let t: TestApp;
  let origin: string;
  let rpId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const url = new URL(t.app.get<AppConfig>(appConfig.KEY).publicUrl);
    origin = url.origin;
    rpId = url.hostname;
  });
  afterAll(() => t.close());

  const ds = () => t.app.get(DataSource);
  const actionsOf = async (userId: string) =>
    (
      await ds()
        .getRepository(AuditEvent)
        .find({ where: { actorId: userId }, order: { createdAt: 'ASC' } })
    ).map((e) => e.action);

  /** Registers a new software passkey for the signed-in agent. */
  async function enrol(agent: TestAgent, name = 'Work laptop'): Promise<SoftwareAuthenticator> {
    const authenticator = new SoftwareAuthenticator(rpId);
    const { body } = await agent.post('/api/auth/passkeys/options').expect(200);
    await agent
      .post('/api/auth/passkeys')
      .send({ name, credential: authenticator.register(body.options, { origin }) })
      .expect(201);
    return authenticator;
  }

  async function passwordless(
    agent: TestAgent,
    authenticator: SoftwareAuthenticator,
    client: { origin?: string; userVerified?: boolean; counter?: number } = {},
  ) {
    const { body } = await agent.post('/api/auth/login/passkey/options').expect(200);
    return agent.post('/api/auth/login/passkey').send({ credential: authenticator.assert(body.options, { origin, ...client }) });
  }

  it('registers a named passkey with a discoverable-credential request for this site, lists it and audits it', async () => {
    const account = await createUser(t);
    const agent = await signedIn(t, account);
    const { body } = await agent.post('/api/auth/passkeys/options').expect(200);
    expect(body.options).toMatchObject({
      rp: { id: rpId, name: 'KYC platform' },
      user: { name: account.user.username },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
    });
    const authenticator = new SoftwareAuthenticator(rpId);
    const created = await agent
      .post('/api/auth/passkeys')
      .send({ name: '  Work laptop ', credential: authenticator.register(body.options, { origin }) })
      .expect(201);
    expect(created.body).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = await agent.get('/api/auth/passkeys').expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null })]);
    expect((await agent.get('/api/auth/two-factor').expect(200)).body).toMatchObject({ totpEnabled: false, passkeys: 1 });
    expect(await actionsOf(account.user.id)).toContain('account.passkey_added');
    // Each change of credentials is e-mailed to the holder (security finding 11).
    expect((await waitForMail(t, account.user.email, /A passkey was added/)).text).toContain('Work laptop');

    // The same authenticator cannot be registered twice; new options exclude it.
    const again = await agent.post('/api/auth/passkeys/options').expect(200);
    expect(again.body.options.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const duplicate = await agent
      .post('/api/auth/passkeys')
      .send({ name: 'Again', credential: authenticator.register(again.body.options, { origin }) })
      .expect(409);
    expect(duplicate.body.code).toBe('PASSKEY_ALREADY_REGISTERED');
  });

  it('refuses a registration made for another origin, with a used challenge, or without a name', async () => {
    const agent = await signedIn(t, await createUser(t));
    const authenticator = new SoftwareAuthenticator(rpId);
    const first = await agent.post('/api/auth/passkeys/options').expect(200);
    const phished = await agent
      .post('/api/auth/passkeys')
      .send({ name: 'Phished', credential: authenticator.register(first.body.options, { origin: 'https://evil.example' }) })
      .expect(400);
    expect(phished.body.code).toBe('PASSKEY_REGISTRATION_FAILED');
    // The challenge was spent by that attempt: it cannot be tried again.
    const replay = await agent
      .post('/api/auth/passkeys')
      .send({ name: 'Replay', credential: authenticator.register(first.body.options, { origin }) })
      .expect(400);
    expect(replay.body.code).toBe('PASSKEY_CHALLENGE_INVALID');

    const second = await agent.post('/api/auth/passkeys/options').expect(200);
    const unnamed = await agent
      .post('/api/auth/passkeys')
      .send({ name: ' ', credential: authenticator.register(second.body.options, { origin }) })
      .expect(400);
    expect(unnamed.body.message).toContain('Give the passkey a name (at most 64 characters)');
    const malformed = await agent
      .post('/api/auth/passkeys')
      .send({ name: 'X', credential: { id: 'x' } })
      .expect(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    expect(await ds().getRepository(UserPasskey).countBy({ credentialId: authenticator.id })).toBe(0);
  });

  it('signs in passwordless with a discoverable passkey under a new session, and refuses the same answer replayed', async () => {
    const account = await createUser(t);
    const authenticator = await enrol(await signedIn(t, account));

    const agent = browser(t);
    const { body } = await agent.post('/api/auth/login/passkey/options').expect(200);
    expect(body.options).toMatchObject({ rpId, userVerification: 'required', allowCredentials: [] });
    const credential = authenticator.assert(body.options, { origin });
    const res = await agent.post('/api/auth/login/passkey').send({ credential }).expect(200);
    expect(res.body.username).toBe(account.user.username);
    expect(sessionCookie(res)).toBeDefined();
    expect((await agent.get('/api/users/me').expect(200)).body.id).toBe(account.user.id);

    const replay = await browser(t).post('/api/auth/login/passkey').send({ credential }).expect(400);
    expect(replay.body.code).toBe('PASSKEY_CHALLENGE_INVALID');

    const row = await ds().getRepository(UserPasskey).findOneByOrFail({ credentialId: authenticator.id });
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
    expect(await actionsOf(account.user.id)).toEqual(expect.arrayContaining(['account.passkey_used']));
  });

  it('refuses an answer signed for another origin, without user verification, or with a counter that did not grow (clone)', async () => {
    const account = await createUser(t);
    const authenticator = await enrol(await signedIn(t, account));

    const phished = await passwordless(browser(t), authenticator, { origin: 'https://kyc-platform.evil.example' });
    expect(phished.status).toBe(401);
    expect(phished.body.code).toBe('PASSKEY_NOT_ACCEPTED');
    const unverified = await passwordless(browser(t), authenticator, { userVerified: false });
    expect(unverified.status).toBe(401);

    expect((await passwordless(browser(t), authenticator)).status).toBe(200);
    const stored = (await ds().getRepository(UserPasskey).findOneByOrFail({ credentialId: authenticator.id })).counter;
    const cloned = await passwordless(browser(t), authenticator, { counter: stored });
    expect(cloned.status).toBe(401);
    const failures = await ds()
      .getRepository(AuditEvent)
      .find({ where: { actorId: account.user.id, action: 'account.passkey_failed' } });
    expect(failures.map((e) => e.detail)).toEqual(expect.arrayContaining([expect.objectContaining({ purpose: 'sign-in', reason: 'counter' })]));
    expect(await actionsOf(account.user.id)).toContain('account.passkey_failed');
  });

  it("asks for the passkey after the password, takes only this account's passkey, and signs in", async () => {
    const account = await createUser(t);
    const authenticator = await enrol(await signedIn(t, account));
    const stranger = await enrol(await signedIn(t, await createUser(t)));

    const agent = browser(t);
    const pending = await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
    expect(pending.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', methods: ['passkey'], message: 'Use your passkey to finish signing in' });
    await agent.get('/api/users/me').expect(401);

    const options = await agent.post('/api/auth/login/two-factor/passkey/options').expect(200);
    expect(options.body.options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const wrong = await agent
      .post('/api/auth/login/two-factor/passkey')
      .send({ credential: stranger.assert(options.body.options, { origin }) })
      .expect(401);
    expect(wrong.body.code).toBe('PASSKEY_NOT_ACCEPTED');

    const again = await agent.post('/api/auth/login/two-factor/passkey/options').expect(200);
    await agent
      .post('/api/auth/login/two-factor/passkey')
      .send({ credential: authenticator.assert(again.body.options, { origin, userVerified: false }) })
      .expect(200);
    expect((await agent.get('/api/users/me').expect(200)).body.id).toBe(account.user.id);

    // Without a pending password step there is nothing to answer.
    const lone = await browser(t).post('/api/auth/login/two-factor/passkey/options').expect(401);
    expect(lone.body.code).toBe('TWO_FACTOR_NOT_PENDING');
  });

  it('counts failed passkeys of the second step per account, across password steps, and locks the second factor after 10', async () => {
    const account = await createUser(t);
    const authenticator = await enrol(await signedIn(t, account));
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const agent = browser(t);
      await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
      for (let i = 0; i < 4; i += 1) {
        const { body } = await agent.post('/api/auth/login/two-factor/passkey/options').expect(200);
        statuses.push(
          (await agent.post('/api/auth/login/two-factor/passkey').send({ credential: authenticator.assert(body.options, { origin: 'https://evil.example' }) }))
            .status,
        );
      }
    }
    expect(statuses).toEqual([...Array(10).fill(401), 403, 403]);
    // Locked: the right passkey is refused too, as a second step and passwordless.
    const agent = browser(t);
    await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(401);
    const { body } = await agent.post('/api/auth/login/two-factor/passkey/options').expect(200);
    const locked = await agent
      .post('/api/auth/login/two-factor/passkey')
      .send({ credential: authenticator.assert(body.options, { origin }) })
      .expect(403);
    expect(locked.body.code).toBe('SECOND_FACTOR_LOCKED');
    expect((await passwordless(browser(t), authenticator)).body.code).toBe('SECOND_FACTOR_LOCKED');
  });

  it('throttles failed passkey sign-ins per account like passwords', async () => {
    const account = await createUser(t);
    const authenticator = await enrol(await signedIn(t, account));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await passwordless(browser(t), authenticator, { origin: 'https://evil.example' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await passwordless(browser(t), authenticator)).status).toBe(429);
  });

  it('removes a passkey with the password (a wrong one refused), audited; it no longer signs in', async () => {
    const account = await createUser(t);
    const agent = await signedIn(t, account);
    const authenticator = await enrol(agent, 'Phone');
    const [passkey] = (await agent.get('/api/auth/passkeys').expect(200)).body as { id: string }[];

    const wrong = await agent.delete(`/api/auth/passkeys/${passkey.id}`).send({ password: 'not-the-password' }).expect(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    await agent.delete(`/api/auth/passkeys/${passkey.id}`).send({ code: '123456' }).expect(401);
    await agent.delete('/api/auth/passkeys/not-a-uuid').send({ password: account.password }).expect(400);
    await agent.delete(`/api/auth/passkeys/${passkey.id}`).send({ password: account.password }).expect(204);
    expect((await agent.get('/api/auth/passkeys').expect(200)).body).toEqual([]);
    expect(await actionsOf(account.user.id)).toContain('account.passkey_removed');
    await waitForMail(t, account.user.email, /A passkey was removed/);

    expect((await passwordless(browser(t), authenticator)).status).toBe(401);
    // The password alone signs in again.
    await signedIn(t, account);
  });

  it("keeps another account's passkey out of reach and API keys away from the routes", async () => {
    const owner = await createUser(t);
    const ownerAgent = await signedIn(t, owner);
    await enrol(ownerAgent);
    const [passkey] = (await ownerAgent.get('/api/auth/passkeys').expect(200)).body as { id: string }[];
    const other: TestUser = await createUser(t);
    const otherAgent = await signedIn(t, other);
    expect((await otherAgent.get('/api/auth/passkeys').expect(200)).body).toEqual([]);
    await otherAgent.delete(`/api/auth/passkeys/${passkey.id}`).send({ password: other.password }).expect(404);
    await browser(t).get('/api/auth/passkeys').set(owner.auth).expect(403);
  });

  // Last: it spends this address's budget of passwordless options for the minute.
  it('limits the public passwordless options per address (each stores a challenge)', async () => {
    let last = await browser(t).post('/api/auth/login/passkey/options');
    for (let i = 0; i < 60 && last.status === 200; i += 1) last = await browser(t).post('/api/auth/login/passkey/options');
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('LOGIN_THROTTLED');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
