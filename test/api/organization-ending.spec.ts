import request from 'supertest';
import { DataSource } from 'typeorm';
import { addMember, createOrganization } from '../fixtures/organizations.js';
import { documentPhoto } from '../fixtures/images.js';
import { submitVerification } from '../fixtures/verification.js';
import { sessionHeaders, waitForMail } from '../support/accounts.js';
import { driveClock } from '../support/clock.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { usesPostgres } from '../support/database.js';
import { createUser, type TestUser } from '../support/users.js';

/** Every (table, column) of the database whose column is named like one of `names`. */
async function columnsNamed(dataSource: DataSource, names: readonly string[]): Promise<{ table: string; column: string }[]> {
  if (usesPostgres) {
    const rows = await dataSource.query<{ table_name: string; column_name: string }[]>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = ANY($1)`,
      [names],
    );
    return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
  }
  const tables = await dataSource.query<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`);
  const found: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const columns = await dataSource.query<{ name: string }[]>(`PRAGMA table_info("${name}")`);
    for (const column of columns) if (names.includes(column.name)) found.push({ table: name, column: column.name });
  }
  return found;
}

/** Rows of each table that still name one of `ids` in an organizationId or applicantId column. */
async function rowsNaming(dataSource: DataSource, ids: readonly string[]): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const { table, column } of await columnsNamed(dataSource, ['organizationId', 'applicantId'])) {
    const placeholders = ids.map((_, index) => (usesPostgres ? `$${index + 1}` : '?')).join(', ');
    const [{ n }] = await dataSource.query<{ n: number | string }[]>(
      `SELECT COUNT(*) AS n FROM "${table}" WHERE CAST("${column}" AS varchar(64)) IN (${placeholders})`,
      [...ids],
    );
    if (Number(n) > 0) left[`${table}.${column}`] = Number(n);
  }
  return left;
}

describe('organizations can end: deletion and ownership transfer', () => {
  let t: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  async function ownerWithMember(): Promise<{ owner: TestUser; member: TestUser; organizationId: string; name: string }> {
    const owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    const member = await createUser(t);
    const organization = await createOrganization(t, owner);
    await addMember(t, owner, organization.id, member);
    return { owner, member, organizationId: organization.id, name: organization.name };
  }

  describe('DELETE /api/projects/:id', () => {
    it('removes the organization with its applicants, images, checks, members and webhook events, keeping its audit trail pseudonymised (security finding 5)', async () => {
      const { owner, member, organizationId, name } = await ownerWithMember();
      await submitVerification(t.server, owner, organizationId, 'usr_gone', [{ docType: 'PASSPORT', png: documentPhoto() }], {
        name: 'Maria Example',
        dateOfBirth: '1990-01-02',
        docNumber: 'X1234567',
        expiryDate: '2031-05-06',
        country: 'Portugal',
        sex: 'F',
      });
      const headers = await sessionHeaders(t, owner);
      await request(t.server).post(`/api/projects/${organizationId}/applicants/usr_gone/approve`).set(headers).send({}).expect(200);
      const [{ id: applicantId }] = await dataSource.query<{ id: string }[]>(
        `SELECT "id" FROM "applicants" WHERE "organizationId" = ${usesPostgres ? '$1' : '?'}`,
        [organizationId],
      );
      const before = await rowsNaming(dataSource, [organizationId, applicantId]);
      // What the deletion has to remove is really there.
      expect(before).toMatchObject({
        'applicants.organizationId': 1,
        'applicant_images.applicantId': expect.any(Number),
        'webhook_events.organizationId': expect.any(Number),
      });
      const trailBefore = before['audit_events.organizationId'];

      await request(t.server).delete(`/api/projects/${organizationId}`).set(headers).send({ confirmName: name }).expect(204);

      // Only the audit trail names the organization or the applicant now: every entry kept, one more for the deletion.
      const after = await rowsNaming(dataSource, [organizationId, applicantId]);
      expect(Object.keys(after).sort()).toEqual(['audit_events.applicantId', 'audit_events.organizationId']);
      expect(after['audit_events.organizationId']).toBe(trailBefore + 1);
      const entries = await dataSource.query<{ action: string; applicantId: string | null; detail: string }[]>(
        `SELECT "action", "applicantId", "detail" FROM "audit_events" WHERE "organizationId" = ${usesPostgres ? '$1' : '?'}`,
        [organizationId],
      );
      expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['organization.created', 'applicant.approved', 'organization.deleted']));
      for (const entry of entries.filter((e) => e.applicantId !== null)) expect(JSON.parse(entry.detail)).toEqual({ erased: true });
      expect(JSON.parse(entries.find((e) => e.action === 'organization.deleted')!.detail)).toEqual({ name });
      expect(JSON.stringify(entries)).not.toContain('Maria');
      await request(t.server).get(`/api/projects/${organizationId}`).set(owner.auth).expect(404);
      // The other members hear of it.
      await waitForMail(t, member.user.email, new RegExp(`The organization ${name} was deleted`));
    });

    it('refuses while an applicant is on legal hold, and deletes nothing', async () => {
      const { owner, organizationId, name } = await ownerWithMember();
      await submitVerification(t.server, owner, organizationId, 'usr_held', [{ docType: 'PASSPORT', png: documentPhoto() }], {
        name: 'Held Person',
        dateOfBirth: '1980-01-02',
        docNumber: 'X7654321',
        expiryDate: '2031-05-06',
        country: 'Portugal',
        sex: 'M',
      });
      const headers = await sessionHeaders(t, owner);
      await request(t.server)
        .put(`/api/projects/${organizationId}/applicants/usr_held/legal-hold`)
        .set(headers)
        .send({ reason: 'Police request 2026-114' })
        .expect(200);
      const refused = await request(t.server).delete(`/api/projects/${organizationId}`).set(headers).send({ confirmName: name }).expect(409);
      expect(refused.body.code).toBe('ORGANIZATION_HAS_LEGAL_HOLDS');
      await request(t.server).get(`/api/projects/${organizationId}/applicants/usr_held`).set(owner.auth).expect(200);
    });

    it('asks a session that signed in more than 5 minutes ago to prove itself again first', async () => {
      const { owner, organizationId, name } = await ownerWithMember();
      const headers = await sessionHeaders(t, owner);
      const clock = driveClock(t);
      try {
        clock.advance(6 * 60 * 1000);
        const stale = await request(t.server).delete(`/api/projects/${organizationId}`).set(headers).send({ confirmName: name }).expect(403);
        expect(stale.body.code).toBe('REAUTHENTICATION_REQUIRED');
        await request(t.server).post('/api/auth/reauthenticate').set(headers).send({ password: 'not-the-password' }).expect(400);
        await request(t.server).delete(`/api/projects/${organizationId}`).set(headers).send({ confirmName: name }).expect(403);
        await request(t.server).post('/api/auth/reauthenticate').set(headers).send({ password: owner.password }).expect(204);
        await request(t.server).delete(`/api/projects/${organizationId}`).set(headers).send({ confirmName: name }).expect(204);
      } finally {
        clock.restore();
      }
    });

    it('lets the owner delete their account once their only organization is gone', async () => {
      const { owner, organizationId, name } = await ownerWithMember();
      const headers = await sessionHeaders(t, owner);
      expect((await request(t.server).get('/api/organizations/owner-check').set(headers).expect(200)).body).toEqual({ response: true });
      await request(t.server).delete(`/api/projects/${organizationId}`).set(headers).send({ confirmName: name }).expect(204);
      expect((await request(t.server).get('/api/organizations/owner-check').set(headers).expect(200)).body).toEqual({ response: false });
    });

    it('refuses a confirmation that is not the exact name, and deletes nothing', async () => {
      const { owner, organizationId, name } = await ownerWithMember();
      const headers = await sessionHeaders(t, owner);
      for (const confirmName of [name.toUpperCase(), `${name}x`, '']) {
        const res = await request(t.server).delete(`/api/projects/${organizationId}`).set(headers).send({ confirmName }).expect(400);
        expect(res.body.code).toBe('ORGANIZATION_NAME_MISMATCH');
      }
      await request(t.server).delete(`/api/projects/${organizationId}`).set(headers).send({}).expect(400);
      await request(t.server).get(`/api/projects/${organizationId}`).set(owner.auth).expect(200);
    });

    it('refuses a member with 403 MEMBERS_OWNER_ONLY and a stranger with 404', async () => {
      const { member, organizationId, name } = await ownerWithMember();
      const res = await request(t.server)
        .delete(`/api/projects/${organizationId}`)
        .set(await sessionHeaders(t, member))
        .send({ confirmName: name })
        .expect(403);
      expect(res.body.code).toBe('MEMBERS_OWNER_ONLY');
      const stranger = await createUser(t);
      await request(t.server)
        .delete(`/api/projects/${organizationId}`)
        .set(await sessionHeaders(t, stranger))
        .send({ confirmName: name })
        .expect(404);
    });
  });

  describe('POST /api/projects/:id/transfer-ownership', () => {
    it('makes a member the owner and keeps the previous owner as a member, audited', async () => {
      const { owner, member, organizationId } = await ownerWithMember();
      const res = await request(t.server)
        .post(`/api/projects/${organizationId}/transfer-ownership`)
        .set(await sessionHeaders(t, owner))
        .send({ userId: member.user.id })
        .expect(200);
      expect(res.body).toMatchObject({ ownerUsername: member.user.username, isOwner: false, role: 'member' });
      const asNewOwner = await request(t.server).get(`/api/projects/${organizationId}`).set(member.auth).expect(200);
      expect(asNewOwner.body).toMatchObject({ isOwner: true, role: 'owner' });
      const members = await request(t.server)
        .get(`/api/projects/${organizationId}/members`)
        .set(await sessionHeaders(t, member))
        .expect(200);
      expect(members.body.map((row: { username: string; role: string }) => [row.username, row.role])).toEqual([
        [member.user.username, 'owner'],
        [owner.user.username, 'member'],
      ]);
      const trail = await dataSource.query<{ detail: string }[]>(
        `SELECT "detail" FROM "audit_events" WHERE "action" = 'organization.ownership_transferred' AND "organizationId" = ${usesPostgres ? '$1' : '?'}`,
        [organizationId],
      );
      expect(trail.map((row) => JSON.parse(row.detail))).toEqual([{ from: owner.user.id, to: member.user.id }]);
      // The previous owner may now delete their account: they own nothing.
      expect(
        (
          await request(t.server)
            .get('/api/organizations/owner-check')
            .set(await sessionHeaders(t, owner))
            .expect(200)
        ).body,
      ).toEqual({ response: false });
    });

    it('refuses someone who is not a member (400 NEW_OWNER_NOT_MEMBER), a member asking (403) and a bad id (400)', async () => {
      const { owner, member, organizationId } = await ownerWithMember();
      const outsider = await createUser(t);
      const ownerHeaders = await sessionHeaders(t, owner);
      const refused = await request(t.server)
        .post(`/api/projects/${organizationId}/transfer-ownership`)
        .set(ownerHeaders)
        .send({ userId: outsider.user.id })
        .expect(400);
      expect(refused.body.code).toBe('NEW_OWNER_NOT_MEMBER');
      await request(t.server).post(`/api/projects/${organizationId}/transfer-ownership`).set(ownerHeaders).send({ userId: 'not-a-uuid' }).expect(400);
      const forbidden = await request(t.server)
        .post(`/api/projects/${organizationId}/transfer-ownership`)
        .set(await sessionHeaders(t, member))
        .send({ userId: member.user.id })
        .expect(403);
      expect(forbidden.body.code).toBe('MEMBERS_OWNER_ONLY');
      await request(t.server)
        .get(`/api/projects/${organizationId}`)
        .set(owner.auth)
        .expect(200)
        .expect((res) => expect(res.body.isOwner).toBe(true));
    });
  });
});
