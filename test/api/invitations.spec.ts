import request from 'supertest';
import { DataSource } from 'typeorm';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { OrganizationMember } from '../../server/organizations/organization-member.entity.js';
import { INVITATION_TTL_MS, InvitationsService } from '../../server/organizations/invitations.service.js';
import { addMember, createOrganization, invite, type TestOrganization } from '../fixtures/organizations.js';
import { mailsTo, sessionHeaders, waitForMail } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser, type TestUser } from '../support/users.js';

/** Members join by invitation only: the owner invites, the invitee accepts or declines. */
describe('member invitations', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
  });
  beforeEach(async () => {
    org = await createOrganization(t, owner);
  });
  afterAll(() => t.close());

  const as = async (who: TestUser) => sessionHeaders(t, who);
  const received = async (who: TestUser) =>
    (
      await request(t.server)
        .get('/api/invitations')
        .set(await as(who))
        .expect(200)
    ).body as { id: string }[];
  const sent = async () =>
    (
      await request(t.server)
        .get(`/api/projects/${org.id}/invitations`)
        .set(await as(owner))
        .expect(200)
    ).body as {
      id: string;
      invitee: string;
      expired: boolean;
    }[];
  const isMember = async (who: TestUser) => t.app.get(DataSource).getRepository(OrganizationMember).existsBy({ organizationId: org.id, userId: who.user.id });
  const actions = async () =>
    (
      await t.app
        .get(DataSource)
        .getRepository(AuditEvent)
        .find({ where: { organizationId: org.id }, order: { createdAt: 'ASC' } })
    ).map((event) => [event.action, event.actorName]);

  it('makes a member only once the invitee accepts, told by e-mail and on their dashboard', async () => {
    const jane = await createUser(t);
    const res = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(owner))
      .send({ usernameOrEmail: ` ${jane.user.email.toUpperCase()} ` })
      .expect(201);
    // The owner gets back what they typed, never the account it reached.
    expect(res.body).toEqual({
      id: expect.any(String),
      invitee: jane.user.email.toUpperCase(),
      invitedBy: owner.user.username,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      expired: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(jane.user.username);
    expect(await sent()).toEqual([expect.objectContaining({ id: res.body.id, expired: false })]);

    const mail = await waitForMail(t, jane.user.email, /You are invited to an organization/);
    expect(mail.text).toContain(owner.user.username);
    expect(mail.text).toContain(org.name);
    expect(mail.text).toMatch(/https?:\/\/\S+\/dashboard\/select/);

    // Invited is not a member yet.
    expect(await isMember(jane)).toBe(false);
    await request(t.server)
      .get(`/api/projects/${org.id}`)
      .set(await as(jane))
      .expect(404);
    expect(await received(jane)).toEqual([
      {
        id: res.body.id,
        organizationId: org.id,
        organizationName: org.name,
        invitedBy: owner.user.username,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);

    const accepted = await request(t.server)
      .post(`/api/invitations/${res.body.id}/accept`)
      .set(await as(jane))
      .expect(200);
    expect(accepted.body).toEqual({ organizationId: org.id });
    expect(await isMember(jane)).toBe(true);
    await request(t.server)
      .get(`/api/projects/${org.id}`)
      .set(await as(jane))
      .expect(200);
    expect(await received(jane)).toEqual([]);
    expect(await sent()).toEqual([]);
    const members = (
      await request(t.server)
        .get(`/api/projects/${org.id}/members`)
        .set(await as(owner))
        .expect(200)
    ).body;
    expect(members).toContainEqual(expect.objectContaining({ userId: jane.user.id, email: jane.user.email, role: 'member' }));
    expect(await actions()).toEqual([
      ['organization.created', owner.user.username],
      ['member.invited', owner.user.username],
      ['member.added', jane.user.username],
    ]);
  });

  it('answers the same whether or not the name belongs to an account, and mails only a real one', async () => {
    const real = await createUser(t);
    const ghost = 'ghost-invitee@example.test';
    const shape = (body: Record<string, unknown>) => ({ ...body, id: 'id', invitee: 'typed', createdAt: 'at', expiresAt: 'at' });
    const toReal = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(owner))
      .send({ usernameOrEmail: real.user.email });
    const toGhost = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(owner))
      .send({ usernameOrEmail: ghost });
    expect([toReal.status, toGhost.status]).toEqual([201, 201]);
    expect(shape(toGhost.body)).toEqual(shape(toReal.body));
    expect(Object.keys(toGhost.headers).sort()).toEqual(Object.keys(toReal.headers).sort());
    expect((await sent()).map((invitation) => invitation.invitee).sort()).toEqual([ghost, real.user.email].sort());

    await t.app.get(InvitationsService).settled();
    expect(await mailsTo(t, real.user.email)).toHaveLength(1);
    expect(await mailsTo(t, ghost)).toHaveLength(0);

    // An account registered later under that address was not the one invited.
    const latecomer = await createUser(t, { email: ghost });
    expect(await received(latecomer)).toEqual([]);
  });

  it('refuses a name whose normalised form is too long to store (NFKC turns ﷺ into 18 characters): a 400, not a 500', async () => {
    const res = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(owner))
      .send({ usernameOrEmail: '\ufdfa'.repeat(20) })
      .expect(400);
    expect(JSON.stringify(res.body.message)).toContain('at most 254 characters once normalised');
  });

  it('lets the invitee decline: nothing changes but the invitation is gone', async () => {
    const kim = await createUser(t);
    const id = await invite(t, owner, org.id, kim.user.username);
    await request(t.server)
      .post(`/api/invitations/${id}/decline`)
      .set(await as(kim))
      .expect(204);
    expect(await isMember(kim)).toBe(false);
    expect(await received(kim)).toEqual([]);
    expect(await sent()).toEqual([]);
    const again = await request(t.server)
      .post(`/api/invitations/${id}/accept`)
      .set(await as(kim))
      .expect(404);
    expect(again.body.code).toBe('INVITATION_NOT_FOUND');
    expect((await actions()).map(([action]) => action)).toContain('member.invitation_declined');
  });

  it('lets the owner revoke an invitation, which then cannot be accepted', async () => {
    const lee = await createUser(t);
    const id = await invite(t, owner, org.id, lee.user.username);
    await request(t.server)
      .delete(`/api/projects/${org.id}/invitations/${id}`)
      .set(await as(owner))
      .expect(204);
    expect(await received(lee)).toEqual([]);
    const res = await request(t.server)
      .post(`/api/invitations/${id}/accept`)
      .set(await as(lee))
      .expect(404);
    expect(res.body.code).toBe('INVITATION_NOT_FOUND');
    await request(t.server)
      .delete(`/api/projects/${org.id}/invitations/${id}`)
      .set(await as(owner))
      .expect(404);
    await request(t.server)
      .delete(`/api/projects/${org.id}/invitations/not-a-uuid`)
      .set(await as(owner))
      .expect(404);
    expect(await isMember(lee)).toBe(false);
    expect((await actions()).map(([action]) => action)).toContain('member.invitation_revoked');
  });

  it('keeps an invitation to its invitee: anyone else answering it gets 404', async () => {
    const invitee = await createUser(t);
    const other = await createUser(t);
    const id = await invite(t, owner, org.id, invitee.user.username);
    for (const who of [other, owner]) {
      await request(t.server)
        .post(`/api/invitations/${id}/accept`)
        .set(await as(who))
        .expect(404);
      await request(t.server)
        .post(`/api/invitations/${id}/decline`)
        .set(await as(who))
        .expect(404);
    }
    expect(await received(other)).toEqual([]);
    expect(await isMember(other)).toBe(false);
  });

  it('lets only the owner or a super-admin invite, list and revoke', async () => {
    const member = await createUser(t);
    const stranger = await createUser(t);
    await addMember(t, owner, org.id, member);
    const id = await invite(t, owner, org.id, 'someone-else');
    const refused = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(member))
      .send({ usernameOrEmail: 'x' })
      .expect(403);
    expect(refused.body.code).toBe('MEMBERS_OWNER_ONLY');
    await request(t.server)
      .get(`/api/projects/${org.id}/invitations`)
      .set(await as(member))
      .expect(403);
    await request(t.server)
      .delete(`/api/projects/${org.id}/invitations/${id}`)
      .set(await as(member))
      .expect(403);
    await request(t.server)
      .get(`/api/projects/${org.id}/invitations`)
      .set(await as(stranger))
      .expect(404);
    await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(stranger))
      .send({ usernameOrEmail: 'x' })
      .expect(404);

    const superAdmin = await createUser(t, { role: 'super-admin' });
    await request(t.server)
      .get(`/api/projects/${org.id}/invitations`)
      .set(await as(superAdmin))
      .expect(200);
    await request(t.server)
      .delete(`/api/projects/${org.id}/invitations/${id}`)
      .set(await as(superAdmin))
      .expect(204);
  });

  it('answers 409 for a member, the owner, or a name already invited', async () => {
    const carol = await createUser(t);
    await addMember(t, owner, org.id, carol);
    const member = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(owner))
      .send({ usernameOrEmail: carol.user.email })
      .expect(409);
    expect(member.body.code).toBe('MEMBER_ALREADY_ADDED');
    const self = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(owner))
      .send({ usernameOrEmail: owner.user.username })
      .expect(409);
    expect(self.body.code).toBe('MEMBER_IS_OWNER');
    await invite(t, owner, org.id, 'Pending-Person');
    const twice = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(owner))
      .send({ usernameOrEmail: 'PENDING-person' })
      .expect(409);
    expect(twice.body.code).toBe('INVITATION_PENDING');
  });

  it('keeps demo accounts out: they cannot invite, and an invitation never reaches one', async () => {
    const demo = await createUser(t, { isDemo: true });
    const demoOrg = await createOrganization(t, demo);
    const res = await request(t.server)
      .post(`/api/projects/${demoOrg.id}/invitations`)
      .set(await as(demo))
      .send({ usernameOrEmail: 'anyone' })
      .expect(403);
    expect(res.body.code).toBe('DEMO_NOT_ALLOWED');

    const toDemo = await request(t.server)
      .post(`/api/projects/${org.id}/invitations`)
      .set(await as(owner))
      .send({ usernameOrEmail: demo.user.username })
      .expect(201);
    expect(toDemo.body.expired).toBe(false);
    await t.app.get(InvitationsService).settled();
    expect(await received(demo)).toEqual([]);
    expect(await mailsTo(t, demo.user.email)).toHaveLength(0);
    await request(t.server)
      .post(`/api/invitations/${toDemo.body.id}/accept`)
      .set(await as(demo))
      .expect(404);
  });

  it('expires after seven days; the owner sees it expired and may invite again', async () => {
    const clock = driveClock(t);
    try {
      const max = await createUser(t);
      const id = await invite(t, owner, org.id, max.user.username);
      clock.advance(INVITATION_TTL_MS + 1000);
      expect(await received(max)).toEqual([]);
      await request(t.server)
        .post(`/api/invitations/${id}/accept`)
        .set(await as(max))
        .expect(404);
      expect(await sent()).toEqual([expect.objectContaining({ id, expired: true })]);
      const fresh = await invite(t, owner, org.id, max.user.username);
      expect(await sent()).toEqual([expect.objectContaining({ id: fresh, expired: false })]);
      await request(t.server)
        .post(`/api/invitations/${fresh}/accept`)
        .set(await as(max))
        .expect(200);
    } finally {
      clock.restore();
    }
  });

  it('lets two simultaneous answers through once: one joins, the other finds it gone', async () => {
    const ann = await createUser(t);
    const id = await invite(t, owner, org.id, ann.user.username);
    const headers = await as(ann);
    const answers = await Promise.all([
      request(t.server).post(`/api/invitations/${id}/accept`).set(headers),
      request(t.server).post(`/api/invitations/${id}/accept`).set(headers),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 404]);
    expect(await t.app.get(DataSource).getRepository(OrganizationMember).countBy({ organizationId: org.id, userId: ann.user.id })).toBe(1);
  });

  it('limits an account to 30 invitations an hour, with Retry-After', async () => {
    const sender = await createUser(t);
    const own = await createOrganization(t, sender);
    for (let i = 0; i < 30; i += 1) await invite(t, sender, own.id, `invitee-${i}`);
    const res = await request(t.server)
      .post(`/api/projects/${own.id}/invitations`)
      .set(await as(sender))
      .send({ usernameOrEmail: 'one-more' })
      .expect(429);
    expect(res.body.code).toBe('INVITATIONS_TOO_MANY');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
