import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../server/data-source-options.js';
import { isUniqueViolation } from '../../server/common/database-errors.js';
import { IdentityKeys1795477204649 } from '../../server/migrations/1795477204649-IdentityKeys.js';
import { migrations } from '../../server/migrations/index.js';
import { User } from '../../server/users/user.entity.js';
import { browser, sessionHeaders, signedIn, waitForMail } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, usesPostgres } from '../support/database.js';
import { createUser, TEST_PASSWORD } from '../support/users.js';

/** One identity per person: usernames and e-mail addresses compare by NFKC, lower-cased key. */
describe('one identity per person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const register = (username: string, email: string) => browser(t).post('/api/auth/register').send({ username, email, password: TEST_PASSWORD });

  it("refuses 'ALICE' once 'alice' exists, on registration and on rename", async () => {
    await register('alice', 'alice@example.test').expect(201);
    const res = await register('ALICE', 'alice-2@example.test').expect(409);
    expect(res.body.code).toBe('USERNAME_TAKEN');
    const other = await createUser(t);
    const rename = await request(t.server)
      .put('/api/users')
      .set(await sessionHeaders(t, other))
      .send({ username: 'Alice' })
      .expect(409);
    expect(rename.body.code).toBe('USERNAME_TAKEN');
  });

  it("refuses the ligature 'ﬁ' once 'fi' exists in an address, and the other way round", async () => {
    await register('finance', 'finance@example.test').expect(201);
    const ligature = await register('finance-2', '\ufb01nance@example.test').expect(409);
    expect(ligature.body.code).toBe('EMAIL_TAKEN');
    await register('office', '\ufb03ce@example.test').expect(201); // ﬃce
    expect((await register('office-2', 'ffice@example.test').expect(409)).body.code).toBe('EMAIL_TAKEN');
  });

  it('refuses an address that differs only by letter case', async () => {
    await register('jane', 'jane.doe@example.test').expect(201);
    expect((await register('jane-2', 'Jane.Doe@Example.TEST').expect(409)).body.code).toBe('EMAIL_TAKEN');
  });

  it('signs in by any letter case or Unicode form of the username or address', async () => {
    await register('bob.smith', 'bob@example.test').expect(201);
    // Full-width ｂｏｂ is bob in NFKC.
    for (const login of ['BOB.SMITH', 'Bob.Smith', 'BOB@EXAMPLE.TEST', '\uff42\uff4f\uff42@example.test']) {
      const res = await browser(t).post('/api/auth/login').send({ username: login, password: TEST_PASSWORD }).expect(200);
      expect([login, res.body.username]).toEqual([login, 'bob.smith']);
    }
    await register('carol', '\ufb01le@example.test').expect(201);
    const res = await browser(t).post('/api/auth/login').send({ username: 'FILE@example.test', password: TEST_PASSWORD }).expect(200);
    expect(res.body.username).toBe('carol');
  });

  it('refuses a taken identity on change-email, in any form, but lets the owner re-spell their own', async () => {
    await register('dave', 'dave@example.test').expect(201);
    const erin = await createUser(t);
    const session = await sessionHeaders(t, erin);
    for (const email of ['dave@example.test', 'DAVE@example.test', '\uff44\uff41\uff56\uff45@example.test']) {
      const res = await request(t.server).post('/api/auth/change-email').set(session).send({ password: erin.password, email }).expect(409);
      expect(res.body.code).toBe('EMAIL_TAKEN');
    }
    await register('fiona', '\ufb01ona@example.test').expect(201);
    const agent = await signedIn(t, { user: { username: 'fiona' }, password: TEST_PASSWORD });
    const respelled = await agent.post('/api/auth/change-email').send({ password: TEST_PASSWORD, email: 'fiona@example.test' }).expect(200);
    expect(respelled.body.email).toBe('fiona@example.test');
  });

  it('refuses a taken identity on register-admin, in any form', async () => {
    await register('grace', 'grace@example.test').expect(201);
    const superAdmin = await createUser(t, { role: 'super-admin' });
    const session = await sessionHeaders(t, superAdmin);
    for (const body of [
      { username: 'GRACE', email: 'new-admin@example.test' },
      { username: 'new-admin', email: 'Grace@example.test' },
      { username: 'new-admin', email: 'gr\uff41ce@example.test' }, // full-width ａ
    ]) {
      const res = await request(t.server).post('/api/users/register-admin').set(session).send(body).expect(409);
      expect(res.body.code).toBe('ADMIN_IDENTITY_TAKEN');
    }
    await request(t.server).post('/api/users/register-admin').set(session).send({ username: 'new-admin', email: 'new-admin@example.test' }).expect(201);
  });

  it('finds the account by any form when a member is invited or a password reset is asked for', async () => {
    await register('henry', 'henry@example.test').expect(201);
    const owner = await createUser(t);
    const session = await sessionHeaders(t, owner);
    const organization = (await request(t.server).post('/api/projects').set(session).send({ name: 'Forms Ltd' }).expect(201)).body;
    await request(t.server).post(`/api/projects/${organization.id}/invitations`).set(session).send({ usernameOrEmail: 'HENRY' }).expect(201);
    const henry = await sessionHeaders(t, { user: { username: 'henry' }, password: TEST_PASSWORD });
    const received = await request(t.server).get('/api/invitations').set(henry).expect(200);
    expect(received.body).toEqual([expect.objectContaining({ organizationName: 'Forms Ltd', invitedBy: owner.user.username })]);

    await browser(t).post('/api/auth-emails/reset-password/start').query({ email: 'HENRY@example.test' }).expect(202);
    await waitForMail(t, 'henry@example.test', /Reset your KYC platform password/);
  });

  it('refuses an address whose normalised form would not fit, with a 400', async () => {
    const long = `${'\ufdfa'.repeat(20)}@example.test`; // each ﷺ is 18 characters in NFKC
    const res = await register('long-one', long).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('holds in the database too: a second row with the same key is refused by the unique index', async () => {
    const users = t.app.get(DataSource).getRepository(User);
    const saved = await users.save(users.create({ username: 'Ivy', email: 'ivy@example.test', passwordHash: null }));
    expect(saved).toMatchObject({ usernameKey: 'ivy', emailKey: 'ivy@example.test' });
    const error = await users.save(users.create({ username: 'IVY', email: 'ivy-2@example.test', passwordHash: null })).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe('migration IdentityKeys', () => {
  const previous = migrations.slice(0, migrations.indexOf(IdentityKeys1795477204649));

  async function database(list: Function[], dataDir: string, schema: string | undefined): Promise<DataSource> {
    const options = dataSourceOptions({ databaseUrl: process.env.DATABASE_URL, dataDir, databaseSchema: schema });
    return new DataSource({ ...options, migrations: list }).initialize();
  }

  it('stops with the conflicting accounts listed (by id) and changes nothing, then fills the keys once they are resolved', async () => {
    const db = await createTestDatabase();
    try {
      const old = await database(previous, db.dataDir, db.schema);
      await old.runMigrations();
      const [alice, upper, finance, ligature, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const insert = usesPostgres
        ? 'INSERT INTO "users" ("id", "username", "email") VALUES ($1, $2, $3)'
        : 'INSERT INTO "users" ("id", "username", "email") VALUES (?, ?, ?)';
      for (const row of [
        [alice, 'alice', 'alice@example.test'],
        [upper, 'ALICE', 'alice.upper@example.test'],
        [finance, 'finance', 'finance@example.test'],
        [ligature, 'finance2', '\ufb01nance@example.test'],
        [other, 'Other', 'Other@Example.test'],
      ]) {
        await old.query(insert, row);
      }
      await old.destroy();

      const current = await database(migrations, db.dataDir, db.schema);
      const error = (await current.runMigrations().catch((e: unknown) => e)) as Error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toContain('Migration IdentityKeys');
      expect(error.message).toContain(`accounts ${alice}, ${upper} have the same username`);
      expect(error.message).toContain(`accounts ${finance}, ${ligature} have the same e-mail address`);
      // Ids only: neither names nor addresses reach the log.
      expect(error.message).not.toMatch(/alice@|finance@|ALICE/);
      const columns = usesPostgres
        ? await current.query(`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'users'`, [db.schema])
        : await current.query(`PRAGMA table_info("users")`);
      expect(columns.map((c: { name: string }) => c.name)).not.toContain('usernameKey');

      await current.query(usesPostgres ? 'UPDATE "users" SET "username" = $1 WHERE "id" = $2' : 'UPDATE "users" SET "username" = ? WHERE "id" = ?', [
        'alice2',
        upper,
      ]);
      await current.query(usesPostgres ? 'DELETE FROM "users" WHERE "id" = $1' : 'DELETE FROM "users" WHERE "id" = ?', [ligature]);
      await current.runMigrations();
      const keys = await current.query('SELECT "id", "usernameKey", "emailKey" FROM "users" ORDER BY "usernameKey"');
      expect(keys).toEqual(
        expect.arrayContaining([
          { id: alice, usernameKey: 'alice', emailKey: 'alice@example.test' },
          { id: upper, usernameKey: 'alice2', emailKey: 'alice.upper@example.test' },
          { id: other, usernameKey: 'other', emailKey: 'other@example.test' },
        ]),
      );
      await current.destroy();
    } finally {
      await db.drop();
    }
  });
});
