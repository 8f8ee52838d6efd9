import { generate } from 'otplib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { OrganizationMember } from '../../server/organizations/organization-member.entity.js';
import { appConfig, type AppConfig } from '../../server/config/config.module.js';
import { signedIn, type TestAgent } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';
import { SoftwareAuthenticator } from '../support/webauthn.js';

describe('required two-factor sign-in (platform policy and organization setting)', () => {
  let t: TestApp;
  let superAdmin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    superAdmin = await signedIn(t, await createUser(t, { role: 'super-admin' }));
    // The rule binds the super-admin too: with an app set up, this session keeps working.
    const setup = await superAdmin.post('/api/auth/two-factor/totp').expect(201);
    await superAdmin
      .post('/api/auth/two-factor/totp/confirm')
      .send({ code: await generate({ secret: setup.body.secret }) })
      .expect(200);
  });
  afterEach(async () => {
    await superAdmin.put('/api/admin/two-factor-policy').send({ requiredFor: 'off' }).expect(200);
  });
  afterAll(() => t.close());

  const ds = () => t.app.get(DataSource);
  const enrolmentRefused = async (agent: TestAgent) => {
    const res = await agent.get('/api/projects').expect(403);
    expect(res.body).toMatchObject({
      code: 'TWO_FACTOR_ENROLMENT_REQUIRED',
      message: 'Two-factor sign-in is required for your account. Set up an authenticator app or a passkey first.',
    });
  };

  it('a super-admin requires it of everyone: after the password only enrolment answers, until a passkey is set up', async () => {
    const saved = await superAdmin.put('/api/admin/two-factor-policy').send({ requiredFor: 'everyone' }).expect(200);
    expect(saved.body).toMatchObject({ requiredFor: 'everyone', updatedAt: expect.any(String) });
    const entry = await ds()
      .getRepository(AuditEvent)
      .findOneOrFail({ where: { action: 'settings.two_factor_policy_changed' }, order: { createdAt: 'DESC' } });
    expect(entry.detail).toEqual({ from: 'off', to: 'everyone' });

    const account = await createUser(t);
    const agent = await signedIn(t, account);
    await enrolmentRefused(agent);
    await agent.get('/api/auth/sessions').expect(403);
    expect((await agent.get('/api/users/me').expect(200)).body.id).toBe(account.user.id);
    expect((await agent.get('/api/auth/two-factor').expect(200)).body).toMatchObject({ required: true, enrolmentRequired: true });
    // API keys are not sign-ins: the integrator's server keeps working.
    await request(t.server).get('/api/users/me').set(account.auth).expect(200);

    const rpId = new URL(t.app.get<AppConfig>(appConfig.KEY).publicUrl).hostname;
    const authenticator = new SoftwareAuthenticator(rpId);
    const { body } = await agent.post('/api/auth/passkeys/options').expect(200);
    const origin = new URL(t.app.get<AppConfig>(appConfig.KEY).publicUrl).origin;
    await agent
      .post('/api/auth/passkeys')
      .send({ name: 'Laptop', credential: authenticator.register(body.options, { origin }) })
      .expect(201);
    await agent.get('/api/projects').expect(200);
    expect((await agent.get('/api/auth/two-factor').expect(200)).body).toMatchObject({ required: true, enrolmentRequired: false });
  });

  it('an authenticator app enrolled on the Security page lifts the restriction too', async () => {
    await superAdmin.put('/api/admin/two-factor-policy').send({ requiredFor: 'everyone' }).expect(200);
    const agent = await signedIn(t, await createUser(t));
    await enrolmentRefused(agent);
    const setup = await agent.post('/api/auth/two-factor/totp').expect(201);
    await agent
      .post('/api/auth/two-factor/totp/confirm')
      .send({ code: await generate({ secret: setup.body.secret }) })
      .expect(200);
    await agent.get('/api/projects').expect(200);
  });

  it("'admins' binds administrators and super-admins, not kyc accounts; only a super-admin may change it", async () => {
    await superAdmin.put('/api/admin/two-factor-policy').send({ requiredFor: 'admins' }).expect(200);
    const kyc = await signedIn(t, await createUser(t));
    await kyc.get('/api/projects').expect(200);
    const admin = await signedIn(t, await createUser(t, { role: 'admin' }));
    await enrolmentRefused(admin);
    await kyc.put('/api/admin/two-factor-policy').send({ requiredFor: 'off' }).expect(403);
    await kyc.get('/api/admin/two-factor-policy').expect(403);
    const bad = await superAdmin.put('/api/admin/two-factor-policy').send({ requiredFor: 'sometimes' }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it("an organization's owner requires it of its members (audited); others and non-owners are unaffected or refused", async () => {
    const owner = await createUser(t);
    const ownerAgent = await signedIn(t, owner);
    const organization = (await ownerAgent.post('/api/projects').send({ name: 'Strict Bank' }).expect(201)).body;
    const member = await createUser(t);
    await ds().getRepository(OrganizationMember).insert({ organizationId: organization.id, userId: member.user.id });
    const memberAgent = await signedIn(t, member);
    const outsider = await signedIn(t, await createUser(t));

    const refused = await memberAgent.put(`/api/projects/${organization.id}/two-factor-requirement`).send({ requireTwoFactor: true }).expect(403);
    expect(refused.body.code).toBe('MEMBERS_OWNER_ONLY');
    await ownerAgent.put(`/api/projects/${organization.id}/two-factor-requirement`).send({ requireTwoFactor: 'yes' }).expect(400);
    await ownerAgent.put(`/api/projects/${organization.id}/two-factor-requirement`).send({ requireTwoFactor: true }).expect(200);
    const entry = await ds()
      .getRepository(AuditEvent)
      .findOneOrFail({ where: { organizationId: organization.id, action: 'organization.settings_changed' } });
    expect(entry.detail).toEqual({ requireTwoFactor: true });

    await enrolmentRefused(memberAgent);
    await enrolmentRefused(ownerAgent);
    await outsider.get('/api/projects').expect(200);

    // The owner still reaches enrolment, and the setting can be read back there once enrolled; turning it off frees the member.
    await superAdmin.put(`/api/projects/${organization.id}/two-factor-requirement`).send({ requireTwoFactor: false }).expect(200);
    await memberAgent.get('/api/projects').expect(200);
    expect((await ownerAgent.get(`/api/projects/${organization.id}`).expect(200)).body.requireTwoFactor).toBe(false);
  });
});
