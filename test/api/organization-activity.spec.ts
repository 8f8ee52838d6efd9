import request from 'supertest';
import { addMember, createOrganization, seedApplicants } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

describe('GET /api/projects/:id/activity (the Activity screen)', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let organizationId: string;
  let userIds: string[];
  let startedAt: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    member = await createUser(t);
    organizationId = (await createOrganization(t, owner)).id;
    await addMember(t, owner, organizationId, member);
    startedAt = new Date().toISOString();
    userIds = (await seedApplicants(t, organizationId, [{ kycStatus: 'pending' }, { kycStatus: 'pending' }])).map((row) => row.userId);
    await request(t.server)
      .post(`/api/projects/${organizationId}/applicants/${userIds[0]}/approve`)
      .set(await sessionHeaders(t, member))
      .send({})
      .expect(200);
    await request(t.server)
      .post(`/api/projects/${organizationId}/applicants/${userIds[1]}/hold`)
      .set(await sessionHeaders(t, owner))
      .send({})
      .expect(200);
    await request(t.server)
      .get(`/api/projects/${organizationId}/applicants/${userIds[1]}`)
      .set(await sessionHeaders(t, owner))
      .expect(200);
  });
  afterAll(() => t.close());

  const activity = async (query: Record<string, string | number> = {}, status = 200, who: TestUser = owner) =>
    request(t.server)
      .get(`/api/projects/${organizationId}/activity`)
      .query(query)
      .set(await sessionHeaders(t, who))
      .expect(status);

  it("lists the organization's whole trail newest first, naming each entry's applicant", async () => {
    const { body } = await activity();
    expect(body.items.map((item: { action: string; userId: string | null }) => [item.action, item.userId])).toEqual([
      ['applicant.viewed', userIds[1]],
      ['applicant.held', userIds[1]],
      ['applicant.approved', userIds[0]],
      ['member.added', null],
      ['member.invited', null],
      ['organization.created', null],
    ]);
    expect(body).toMatchObject({ page: 1, pageSize: 10, hasNextPage: false });
  });

  it('filters by person, action, applicant and time, combined', async () => {
    const byMember = (await activity({ actorId: member.user.id })).body.items;
    expect(byMember.map((item: { action: string }) => item.action)).toEqual(['applicant.approved', 'member.added']);
    expect((await activity({ action: 'applicant.held' })).body.items).toHaveLength(1);
    expect((await activity({ userId: userIds[1] })).body.items.map((item: { action: string }) => item.action)).toEqual(['applicant.viewed', 'applicant.held']);
    expect((await activity({ userId: 'nobody' })).body.items).toEqual([]);
    expect((await activity({ from: startedAt, actorId: owner.user.id })).body.items.map((item: { action: string }) => item.action)).toEqual([
      'applicant.viewed',
      'applicant.held',
    ]);
    expect((await activity({ to: startedAt })).body.items.map((item: { action: string }) => item.action)).not.toContain('applicant.approved');
  });

  it('pages without counting the whole trail', async () => {
    const first = (await activity({ pageSize: 4 })).body;
    const second = (await activity({ pageSize: 4, page: 2 })).body;
    expect([first.items.length, first.hasNextPage, second.items.length, second.hasNextPage]).toEqual([4, true, 2, false]);
  });

  it.each([
    [{ actorId: 'someone' }, /actorId must be a UUID/],
    [{ action: 'applicant.teleported' }, /action must be one of the audit actions/],
    [{ from: 'yesterday' }, /from must be an ISO 8601 date/],
  ])('refuses %o with 400', async (query, message) => {
    const res = await activity(query, 400);
    expect(JSON.stringify(res.body.message)).toMatch(message);
  });

  it('is for the owner: a member gets 403 MEMBERS_OWNER_ONLY, a stranger 404', async () => {
    expect((await activity({}, 403, member)).body.code).toBe('MEMBERS_OWNER_ONLY');
    await activity({}, 404, await createUser(t));
  });
});
