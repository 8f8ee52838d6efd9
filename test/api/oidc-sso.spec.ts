import { DataSource } from 'typeorm';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { OidcLink } from '../../server/auth/oidc/oidc-link.entity.js';
import { UserTwoFactor } from '../../server/auth/two-factor/user-two-factor.entity.js';
import { ConfigurationError } from '../../server/config/environment.js';
import { parseOidcProviders } from '../../server/config/oidc-providers.js';
import { User } from '../../server/users/user.entity.js';
import { browser, sessionCookie, type TestAgent } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';
import { createUser } from '../support/users.js';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/acme/callback`;

describe('staff single sign-on with OpenID Connect', () => {
  let t: TestApp;
  let idp: TestOidcProvider;
  beforeAll(async () => {
    idp = await startOidcProvider(CALLBACK);
    t = await startTestApp({ PUBLIC_URL, OIDC_PROVIDERS: JSON.stringify([idp.setting({ name: 'Acme Okta' })]) });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const ds = () => t.app.get(DataSource);
  const refusals = async (code: string) =>
    (await ds().getRepository(AuditEvent).findBy({ action: 'account.sso_refused' })).filter((e) => (e.detail as { code?: string } | null)?.code === code);
  const actionsOf = async (userId: string) =>
    (
      await ds()
        .getRepository(AuditEvent)
        .find({ where: { actorId: userId }, order: { createdAt: 'ASC' } })
    ).map((e) => e.action);

  /** Opens the app's start route, signs in at the provider as `accountId`, and lands on the app's callback. */
  async function ssoSignIn(accountId: string, tamper: (callback: URL) => URL = (u) => u, options: { abort?: boolean } = {}) {
    const agent = browser(t);
    const start = await agent.get('/api/auth/oidc/acme/start').expect(302);
    const authorization = new URL(start.headers.location);
    expect(authorization.origin).toBe(idp.issuer);
    const callback = tamper(await signInAtProvider(authorization.href, accountId, options));
    expect(callback.href.startsWith(CALLBACK)).toBe(true);
    const landed = await agent.get(callback.pathname + callback.search).expect(302);
    return { agent, authorization, callback, landed, location: landed.headers.location as string };
  }

  async function me(agent: TestAgent) {
    return (await agent.get('/api/users/me').expect(200)).body as { id: string; email: string; username: string; role: string };
  }

  it('lists the configured providers by id and name only, for anyone', async () => {
    const res = await browser(t).get('/api/auth/oidc/providers').expect(200);
    expect(res.body).toEqual([{ id: 'acme', name: 'Acme Okta' }]);
    expect(JSON.stringify(res.body)).not.toContain(idp.clientSecret);
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, keeping them in a session', async () => {
    const start = await browser(t).get('/api/auth/oidc/acme/start').expect(302);
    const url = new URL(start.headers.location);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(sessionCookie(start)).toBeDefined();
  });

  it('creates an account on first sign-in when the verified e-mail is in an allowed domain, and keeps it when the e-mail changes', async () => {
    idp.accounts.set('alice-sub', { email: 'Alice.Smith@acme.test', email_verified: true, name: 'Alice' });
    const { agent, location, landed } = await ssoSignIn('alice-sub');
    expect(location).toBe('/dashboard');
    expect(sessionCookie(landed)).toBeDefined();
    const account = await me(agent);
    expect(account).toMatchObject({ email: 'alice.smith@acme.test', username: 'alice.smith', role: 'kyc' });
    const user = await ds().getRepository(User).findOneByOrFail({ id: account.id });
    expect(user.passwordHash).toBeNull();
    expect(user.isConfirmed).toBe(true);
    expect(await ds().getRepository(OidcLink).findOneBy({ providerId: 'acme', subject: 'alice-sub' })).toMatchObject({ userId: account.id });
    expect(await actionsOf(account.id)).toEqual(['account.sso_account_created', 'account.sso_signed_in']);

    // A new address at the provider: the link by `sub` still finds the same account, no new one.
    idp.accounts.set('alice-sub', { email: 'alice@acme-renamed.test', email_verified: true });
    const again = await ssoSignIn('alice-sub');
    expect(again.location).toBe('/dashboard');
    expect((await me(again.agent)).id).toBe(account.id);
    expect(await ds().getRepository(User).countBy({ emailKey: 'alice@acme-renamed.test' })).toBe(0);
  });

  it('refuses to create an account outside the allowed domains, with a message for the sign-in page', async () => {
    idp.accounts.set('bob-sub', { email: 'bob@elsewhere.test', email_verified: true });
    const { agent, location } = await ssoSignIn('bob-sub');
    expect(location).toBe('/login?sso_error=OIDC_DOMAIN_NOT_ALLOWED');
    await agent.get('/api/users/me').expect(401);
    expect(await ds().getRepository(User).countBy({ emailKey: 'bob@elsewhere.test' })).toBe(0);
    expect(await ds().getRepository(OidcLink).countBy({ subject: 'bob-sub' })).toBe(0);
    expect((await refusals('OIDC_DOMAIN_NOT_ALLOWED')).map((e) => e.detail)).toContainEqual(
      expect.objectContaining({ provider: 'acme', email: 'bob@elsewhere.test' }),
    );
  });

  it('links an existing account by its verified e-mail in an allowed domain; the provider stands in for the authenticator app', async () => {
    // Outside the provider's domains an existing account is not the provider's to vouch for.
    const outside = await createUser(t, { email: 'carol@partner.test', role: 'admin' });
    idp.accounts.set('carol-partner-sub', { email: 'carol@partner.test', email_verified: true });
    expect((await ssoSignIn('carol-partner-sub')).location).toBe('/login?sso_error=OIDC_DOMAIN_NOT_ALLOWED');
    expect(await ds().getRepository(OidcLink).countBy({ userId: outside.user.id })).toBe(0);

    const existing = await createUser(t, { email: 'carol@acme.test', role: 'admin' });
    await ds()
      .getRepository(UserTwoFactor)
      .save({ userId: existing.user.id, secretEncrypted: 'x', confirmedAt: new Date(), lastTimeStep: null, recoveryCodeHashes: '[]' });
    idp.accounts.set('carol-sub', { email: 'CAROL@ACME.test', email_verified: true });
    // A confirmed account with a password: linked only once that password is given.
    const { agent, location } = await ssoSignIn('carol-sub');
    expect(location).toBe('/login?sso_link=acme');
    await agent.get('/api/users/me').expect(401);
    expect(await ds().getRepository(OidcLink).countBy({ userId: existing.user.id })).toBe(0);
    expect((await agent.post('/api/auth/oidc/link').send({ password: 'not-her-password' }).expect(400)).body.code).toBe('WRONG_PASSWORD');
    // Another browser has nothing waiting.
    expect((await browser(t).post('/api/auth/oidc/link').send({ password: existing.password }).expect(401)).body.code).toBe('OIDC_LINK_NOT_PENDING');
    await agent.post('/api/auth/oidc/link').send({ password: existing.password }).expect(200);
    expect(await me(agent)).toMatchObject({ id: existing.user.id, role: 'admin' });
    expect(await ds().getRepository(OidcLink).findOneBy({ providerId: 'acme', subject: 'carol-sub' })).toMatchObject({ userId: existing.user.id });
    const events = await ds()
      .getRepository(AuditEvent)
      .find({ where: { actorId: existing.user.id }, order: { createdAt: 'ASC' } });
    expect(events.map((e) => [e.action, e.detail])).toEqual([
      ['account.sso_linked', { provider: 'acme', confirmedBy: 'password' }],
      ['account.sso_signed_in', { provider: 'acme', twoFactorSkipped: true }],
    ]);
    // From now on the provider alone signs in.
    expect((await ssoSignIn('carol-sub')).location).toBe('/dashboard');
  });

  it('never lets an account registered first with an unconfirmed address be taken over through single sign-on (security finding 2)', async () => {
    // The attacker registers the CEO's address and keeps its password, API key and session.
    const attacker = browser(t);
    await attacker.post('/api/auth/register').send({ username: 'not-the-ceo', email: 'ceo@acme.test', password: 'Attacker-pass-1' }).expect(201);
    const attackerKey = (await attacker.get('/api/api-keys').expect(200)).body.apiKey as string;
    const squatted = await ds().getRepository(User).findOneByOrFail({ emailKey: 'ceo@acme.test' });
    await ds().getRepository(User).update({ id: squatted.id }, { webhookUrl: 'https://attacker.example/hook' });
    await ds()
      .getRepository(UserTwoFactor)
      .save({ userId: squatted.id, secretEncrypted: 'x', confirmedAt: new Date(), lastTimeStep: null, recoveryCodeHashes: '[]' });

    // The real CEO's first sign-in through the provider.
    idp.accounts.set('ceo-sub', { email: 'ceo@acme.test', email_verified: true });
    const { agent, location } = await ssoSignIn('ceo-sub');
    expect(location).toBe('/dashboard');
    expect((await me(agent)).id).toBe(squatted.id);

    // Nothing the attacker held still works.
    await attacker.get('/api/users/me').expect(401);
    await browser(t).post('/api/auth/login').send({ username: 'not-the-ceo', password: 'Attacker-pass-1' }).expect(401);
    await browser(t).get('/api/users/me').set('Authorization', `Bearer ${attackerKey}`).expect(401);
    const claimed = await ds().getRepository(User).findOneByOrFail({ id: squatted.id });
    expect(claimed).toMatchObject({ passwordHash: null, webhookUrl: null, isConfirmed: true });
    expect(await ds().getRepository(UserTwoFactor).countBy({ userId: squatted.id })).toBe(0);
    expect(await actionsOf(squatted.id)).toContain('account.sso_claimed_unconfirmed');
  });

  it('never links a second identity of the same provider to an account already linked there', async () => {
    idp.accounts.set('grace-sub', { email: 'grace@acme.test', email_verified: true });
    const first = await ssoSignIn('grace-sub');
    expect(first.location).toBe('/dashboard');
    const account = await me(first.agent);
    // The provider now says another of its people has the same address.
    idp.accounts.set('grace-impostor-sub', { email: 'grace@acme.test', email_verified: true });
    expect((await ssoSignIn('grace-impostor-sub')).location).toBe('/login?sso_error=OIDC_ACCOUNT_LINKED');
    expect(await ds().getRepository(OidcLink).findBy({ userId: account.id })).toEqual([expect.objectContaining({ subject: 'grace-sub' })]);
    expect(await refusals('OIDC_ACCOUNT_LINKED')).toHaveLength(1);
  });

  it('refuses an e-mail the provider has not verified, even when an account has it', async () => {
    const existing = await createUser(t, { email: 'dave@acme.test' });
    idp.accounts.set('dave-sub', { email: 'dave@acme.test', email_verified: false });
    const { agent, location } = await ssoSignIn('dave-sub');
    expect(location).toBe('/login?sso_error=OIDC_EMAIL_NOT_VERIFIED');
    await agent.get('/api/users/me').expect(401);
    expect(await ds().getRepository(OidcLink).countBy({ userId: existing.user.id })).toBe(0);
    expect(await refusals('OIDC_EMAIL_NOT_VERIFIED')).toHaveLength(1);

    // No e-mail claim at all is no better, nor a "true" string in place of JSON true.
    idp.accounts.set('erin-sub', {});
    expect((await ssoSignIn('erin-sub')).location).toBe('/login?sso_error=OIDC_EMAIL_NOT_VERIFIED');
    idp.accounts.set('erin-sub', { email: 'erin@acme.test', email_verified: 'true' });
    expect((await ssoSignIn('erin-sub')).location).toBe('/login?sso_error=OIDC_EMAIL_NOT_VERIFIED');
    expect(await ds().getRepository(User).countBy({ emailKey: 'erin@acme.test' })).toBe(0);
  });

  it('refuses an answer whose state was tampered with, and one for a sign-in this browser never started', async () => {
    idp.accounts.set('frank-sub', { email: 'frank@acme.test', email_verified: true });
    const tampered = await ssoSignIn('frank-sub', (callback) => {
      const url = new URL(callback);
      url.searchParams.set('state', `${url.searchParams.get('state')}x`);
      return url;
    });
    expect(tampered.location).toBe('/login?sso_error=OIDC_STATE_MISMATCH');
    await tampered.agent.get('/api/users/me').expect(401);
    expect(await ds().getRepository(User).countBy({ emailKey: 'frank@acme.test' })).toBe(0);

    // A genuine answer delivered to another browser (login CSRF): that browser started nothing.
    const start = await browser(t).get('/api/auth/oidc/acme/start').expect(302);
    const callback = await signInAtProvider(start.headers.location, 'frank-sub');
    const other = browser(t);
    const res = await other.get(callback.pathname + callback.search).expect(302);
    expect(res.headers.location).toBe('/login?sso_error=OIDC_STATE_MISMATCH');
    await other.get('/api/users/me').expect(401);
    expect((await refusals('OIDC_STATE_MISMATCH')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent (the request was altered on its way to the provider)', async () => {
    idp.accounts.set('nina-sub', { email: 'nina@acme.test', email_verified: true });
    const agent = browser(t);
    const start = await agent.get('/api/auth/oidc/acme/start').expect(302);
    const altered = new URL(start.headers.location);
    altered.searchParams.set('nonce', 'a-nonce-the-app-never-issued-0123456789');
    const callback = await signInAtProvider(altered.href, 'nina-sub');
    const res = await agent.get(callback.pathname + callback.search).expect(302);
    expect(res.headers.location).toBe('/login?sso_error=OIDC_PROVIDER_ERROR');
    await agent.get('/api/users/me').expect(401);
    expect(await ds().getRepository(User).countBy({ emailKey: 'nina@acme.test' })).toBe(0);
    expect(await refusals('OIDC_PROVIDER_ERROR')).not.toHaveLength(0);
  });

  it('refuses an ID token that has expired by the time the app checks it', async () => {
    idp.accounts.set('olga-sub', { email: 'olga@acme.test', email_verified: true });
    const realNow = Date.now;
    // An hour passes between the provider signing the token (valid 10 minutes) and the app reading it.
    idp.onTokenIssued = () => {
      Date.now = () => realNow() + 60 * 60 * 1000;
    };
    try {
      const { agent, location } = await ssoSignIn('olga-sub');
      expect(location).toBe('/login?sso_error=OIDC_PROVIDER_ERROR');
      Date.now = realNow;
      await agent.get('/api/users/me').expect(401);
    } finally {
      Date.now = realNow;
      idp.onTokenIssued = undefined;
    }
    expect(await ds().getRepository(User).countBy({ emailKey: 'olga@acme.test' })).toBe(0);
    expect((await refusals('OIDC_PROVIDER_ERROR')).length).toBeGreaterThanOrEqual(1);
  });

  it('spends the started sign-in: the same answer replayed after success is refused', async () => {
    idp.accounts.set('gina-sub', { email: 'gina@acme.test', email_verified: true });
    const { agent, callback, location } = await ssoSignIn('gina-sub');
    expect(location).toBe('/dashboard');
    const replay = await agent.get(callback.pathname + callback.search).expect(302);
    expect(replay.headers.location).toBe('/login?sso_error=OIDC_STATE_MISMATCH');
  });

  it('answers a provider error (the person cancelled) and an unknown provider on the sign-in page', async () => {
    idp.accounts.set('hugo-sub', { email: 'hugo@acme.test', email_verified: true });
    const cancelled = await ssoSignIn('hugo-sub', (u) => u, { abort: true });
    expect(cancelled.callback.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.location).toBe('/login?sso_error=OIDC_PROVIDER_ERROR');
    expect((await refusals('OIDC_PROVIDER_ERROR')).map((e) => e.detail)).toContainEqual(expect.objectContaining({ providerError: 'access_denied' }));

    for (const path of ['/api/auth/oidc/nope/start', '/api/auth/oidc/nope/callback?code=x&state=y']) {
      const res = await browser(t).get(path).expect(302);
      expect(res.headers.location).toBe('/login?sso_error=OIDC_UNKNOWN_PROVIDER');
    }
    expect(await refusals('OIDC_UNKNOWN_PROVIDER')).toHaveLength(2);
  });

  it('throttles single sign-on from one address (starts and answers together), without auditing the throttled ones', async () => {
    const throttled = await startTestApp({ PUBLIC_URL, OIDC_PROVIDERS: JSON.stringify([idp.setting()]) });
    try {
      const visitor = browser(throttled);
      for (let i = 0; i < 59; i += 1) expect((await visitor.get('/api/auth/oidc/acme/start').expect(302)).headers.location).toMatch(/^http:\/\/127\.0\.0\.1/);
      // The 60th request is an answer (state unknown: refused and audited); the 61st is one too many.
      expect((await visitor.get('/api/auth/oidc/acme/callback?code=x&state=y').expect(302)).headers.location).toBe('/login?sso_error=OIDC_STATE_MISMATCH');
      for (const path of ['/api/auth/oidc/acme/start', '/api/auth/oidc/acme/callback?code=x&state=y', '/api/auth/oidc/nope/start']) {
        expect((await visitor.get(path).expect(302)).headers.location).toBe('/login?sso_error=OIDC_THROTTLED');
      }
      const audited = await throttled.app.get(DataSource).getRepository(AuditEvent).findBy({ action: 'account.sso_refused' });
      expect(audited.map((e) => (e.detail as { code: string }).code)).toEqual(['OIDC_STATE_MISMATCH']);
    } finally {
      await throttled.close();
    }
  });

  it('answers an unreachable provider on the sign-in page, not with a 500', async () => {
    const down = await startTestApp({
      PUBLIC_URL,
      OIDC_PROVIDERS: JSON.stringify([idp.setting({ issuer: 'http://127.0.0.1:9/' })]),
    });
    try {
      const res = await browser(down).get('/api/auth/oidc/acme/start').expect(302);
      expect(res.headers.location).toBe('/login?sso_error=OIDC_PROVIDER_ERROR');
    } finally {
      await down.close();
    }
  });
});

describe('OIDC_PROVIDERS', () => {
  const fail = (message: string) => new ConfigurationError(message);
  const valid = { id: 'acme', name: 'Acme', issuer: 'https://login.acme.test', clientId: 'c', clientSecret: 's' };

  it('defaults to no domains for new accounts and the kyc role', () => {
    expect(parseOidcProviders(JSON.stringify([valid]), fail)).toEqual([{ ...valid, allowedDomains: [], defaultRole: 'kyc' }]);
  });

  it('never creates super-admins, and refuses plain http away from this machine and repeated ids', () => {
    expect(() => parseOidcProviders(JSON.stringify([{ ...valid, defaultRole: 'super-admin' }]), fail)).toThrow(/defaultRole must be 'kyc' or 'admin'/);
    expect(() => parseOidcProviders(JSON.stringify([{ ...valid, issuer: 'http://login.acme.test' }]), fail)).toThrow(/https:\/\//);
    expect(() => parseOidcProviders(JSON.stringify([valid, valid]), fail)).toThrow(/'acme' twice/);
    expect(() => parseOidcProviders('/no/such/file.json', fail)).toThrow(/no file at/);
    expect(() => parseOidcProviders(JSON.stringify([{ ...valid, allowedDomains: ['not a domain'] }]), fail)).toThrow(/allowedDomains/);
  });
});
