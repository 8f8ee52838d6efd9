import request from 'supertest';
import { DataSource } from 'typeorm';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { User } from '../../server/users/user.entity.js';

interface Role {
  name: string;
  permissions: { id: string; resource: string; actions: string[]; version: number }[];
}

describe('roles and the permission matrix', () => {
  let t: TestApp;
  let superAdmin: TestUser;
  let admin: TestUser;
  let kyc: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    superAdmin = await createUser(t, { role: 'super-admin' });
    admin = await createUser(t, { role: 'admin' });
    kyc = await createUser(t, { role: 'kyc' });
  });
  afterAll(() => t.close());

  const matrix = async (): Promise<Role[]> =>
    (
      await request(t.server)
        .get('/api/roles')
        .set(await sessionHeaders(t, superAdmin))
        .expect(200)
    ).body as Role[];

  const withActions = (roles: Role[], role: string, resource: string, actions: string[]): Role[] =>
    roles.map((r) => ({
      ...r,
      permissions: r.permissions.map((p) => (r.name === role && p.resource === resource ? { ...p, actions } : p)),
    }));

  it('lists every role, highest rank first, each with id- and version-carrying permissions seeded by a migration', async () => {
    const roles = await matrix();
    expect(roles.map((r) => r.name)).toEqual(['super-admin', 'admin', 'kyc']);
    const kycApplicants = roles[2].permissions.find((p) => p.resource === 'applicants');
    expect(kycApplicants).toMatchObject({ actions: expect.arrayContaining(['read', 'update']), version: 1 });
    expect(kycApplicants?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers GET /roles/:id with the role name, and 404 for a name that is not a role', async () => {
    await request(t.server)
      .get('/api/roles/admin')
      .set(await sessionHeaders(t, kyc))
      .expect(200, { name: 'admin' });
    const res = await request(t.server)
      .get('/api/roles/owner')
      .set(await sessionHeaders(t, kyc))
      .expect(404);
    expect(res.body.message).toBe("Unknown role 'owner'");
  });

  it('lets an admin read the matrix but only a super-admin save it', async () => {
    await request(t.server)
      .get('/api/roles')
      .set(await sessionHeaders(t, admin))
      .expect(200);
    await request(t.server)
      .get('/api/roles')
      .set(await sessionHeaders(t, kyc))
      .expect(403);
    const roles = await matrix();
    await request(t.server)
      .put('/api/roles')
      .set(await sessionHeaders(t, admin))
      .send({ data: roles })
      .expect(403);
  });

  it('saves the whole matrix, bumps versions of changed entries, and enforces it on the next request', async () => {
    // kyc cannot read roles by default; granting it takes effect at once, with no restart.
    await request(t.server)
      .get('/api/roles')
      .set(await sessionHeaders(t, kyc))
      .expect(403);
    const saved = (
      await request(t.server)
        .put('/api/roles')
        .set(await sessionHeaders(t, superAdmin))
        .send({ data: withActions(await matrix(), 'kyc', 'roles', ['read']) })
        .expect(200)
    ).body as Role[];
    const entry = saved[2].permissions.find((p) => p.resource === 'roles');
    expect(entry).toMatchObject({ actions: ['read'], version: 2 });
    await request(t.server)
      .get('/api/roles')
      .set(await sessionHeaders(t, kyc))
      .expect(200);

    await request(t.server)
      .put('/api/roles')
      .set(await sessionHeaders(t, superAdmin))
      .send({ data: withActions(saved, 'kyc', 'roles', []) })
      .expect(200);
    await request(t.server)
      .get('/api/roles')
      .set(await sessionHeaders(t, kyc))
      .expect(403);
  });

  it('tells each signed-in account what its role may do (GET /users/me), from the stored matrix, so the dashboard copies no defaults', async () => {
    const grantsOf = async (user: TestUser) =>
      (
        await request(t.server)
          .get('/api/users/me')
          .set(await sessionHeaders(t, user))
          .expect(200)
      ).body.permissions as { resource: string; actions: string[] }[];
    const applicantsOf = async (user: TestUser) => (await grantsOf(user)).find((grant) => grant.resource === 'applicants')?.actions;

    // Every resource, listed even where the role holds nothing; the seeded defaults first.
    const kycGrants = await grantsOf(kyc);
    expect(kycGrants.map((grant) => grant.resource)).toEqual(['organizations', 'members', 'applicants', 'audit', 'api-keys', 'webhooks', 'roles', 'users']);
    expect(kycGrants.find((grant) => grant.resource === 'roles')?.actions).toEqual([]);
    expect(await applicantsOf(kyc)).toEqual(['read', 'update', 'delete']);
    expect(await applicantsOf(superAdmin)).toEqual(['create', 'read', 'update', 'delete']);

    // A change to the matrix shows on the next request, and only for the role changed.
    const saved = (
      await request(t.server)
        .put('/api/roles')
        .set(await sessionHeaders(t, superAdmin))
        .send({ data: withActions(await matrix(), 'kyc', 'applicants', ['update', 'read']) })
        .expect(200)
    ).body as Role[];
    expect(await applicantsOf(kyc)).toEqual(['read', 'update']);
    expect(await applicantsOf(admin)).toEqual(['create', 'read', 'update', 'delete']);
    await request(t.server)
      .put('/api/roles')
      .set(await sessionHeaders(t, superAdmin))
      .send({ data: withActions(saved, 'kyc', 'applicants', ['read', 'update', 'delete']) })
      .expect(200);
  });

  it('answers 409 and saves nothing when any entry carries a stale version', async () => {
    const before = await matrix();
    const stale = withActions(before, 'kyc', 'audit', []).map((r) => ({
      ...r,
      permissions: r.permissions.map((p) => (r.name === 'admin' && p.resource === 'users' ? { ...p, actions: [], version: p.version + 5 } : p)),
    }));
    const res = await request(t.server)
      .put('/api/roles')
      .set(await sessionHeaders(t, superAdmin))
      .send({ data: stale })
      .expect(409);
    expect(res.body.message).toMatch(/changed by someone else/);
    expect(await matrix()).toEqual(before);
  });

  it('refuses unknown resources, actions and roles with a 400 naming the field', async () => {
    const roles = await matrix();
    const bad = [{ ...roles[0], name: 'owner' }, ...roles.slice(1)];
    const res = await request(t.server)
      .put('/api/roles')
      .set(await sessionHeaders(t, superAdmin))
      .send({ data: bad })
      .expect(400);
    expect(JSON.stringify(res.body.message)).toMatch(/name must be one of/);
    const badAction = withActions(roles, 'kyc', 'audit', ['fly']);
    await request(t.server)
      .put('/api/roles')
      .set(await sessionHeaders(t, superAdmin))
      .send({ data: badAction })
      .expect(400);
  });

  it('treats an account with a role name outside the ranking as an error, never as the lowest role', async () => {
    const odd = await createUser(t);
    await t.app
      .get(DataSource)
      .getRepository(User)
      .update({ id: odd.user.id }, { role: 'owner' as never });
    const res = await request(t.server)
      .get('/api/roles/kyc')
      .set(await sessionHeaders(t, odd))
      .expect(403);
    expect(res.body.message).toBe("Unknown role 'owner'");
  });

  it('refuses visitors with 401', async () => {
    await request(t.server).get('/api/roles').expect(401);
  });
});
