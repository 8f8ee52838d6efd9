import request from 'supertest';
import { DataSource } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { IdempotencyRecord } from '../../server/common/idempotency/idempotency-record.entity.js';
import { Idempotency } from '../../server/common/idempotency/idempotency.js';
import { VerificationSession } from '../../server/kyc/verification-session.entity.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser, type TestUser } from '../support/users.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `Idempotency-Key` on POST /api/kyc/sessions: a retry (even a concurrent one) with the
 * same key and body gets the first link and creates nothing; another body with the key
 * is refused; a failed request frees its key; keys belong to their caller and last 24 h.
 */
describe('idempotent session links', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;
  let clock: ReturnType<typeof driveClock>;

  /** Session links made for the applicant `userId` of the organization. */
  const sessions = (userId: string, organizationId = org.id) =>
    t.app
      .get(DataSource)
      .getRepository(VerificationSession)
      .createQueryBuilder('s')
      .innerJoin(Applicant, 'a', 'a.id = s.applicantId')
      .where('a.organizationId = :organizationId AND a.userId = :userId', { organizationId, userId })
      .getCount();
  const create = (key: string | undefined, body: Record<string, unknown>, who: TestUser = owner) => {
    const call = request(t.server).post('/api/kyc/sessions').set(who.auth);
    if (key !== undefined) call.set('Idempotency-Key', key);
    return call.send({ organizationId: org.id, ...body });
  };

  beforeAll(async () => {
    t = await startTestApp();
    clock = driveClock(t);
    owner = await createUser(t);
    org = await createOrganization(t, owner);
  });
  afterAll(async () => {
    clock.restore();
    await t.close();
  });

  it('answers a retry with the first link, marked as replayed, and creates one session', async () => {
    const first = await create('order-1001', { userId: 'idem-1' }).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await create('order-1001', { userId: 'idem-1' }).expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await sessions('idem-1')).toBe(1);
    // Without a key every call creates a link, as before.
    await create(undefined, { userId: 'idem-1' }).expect(201);
    expect(await sessions('idem-1')).toBe(2);
    // The stored answer holds the link's secret: encrypted, never in clear.
    const stored: { response: Buffer }[] = await t.app.get(DataSource).query(`SELECT "response" FROM "idempotency_keys"`);
    const secret = new URL(first.body.url).searchParams.get('session')!;
    expect(secret.length).toBeGreaterThan(10);
    for (const row of stored) expect(Buffer.from(row.response).toString('latin1')).not.toContain(secret);
  });

  it('refuses the same key with another body, creating nothing', async () => {
    await create('order-1002', { userId: 'idem-2' }).expect(201);
    const other = await create('order-1002', { userId: 'idem-2b' }).expect(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await sessions('idem-2b')).toBe(0);
    // Key order in the body does not matter: the same body is the same request.
    const reordered = await request(t.server)
      .post('/api/kyc/sessions')
      .set(owner.auth)
      .set('Idempotency-Key', 'order-1002')
      .send({ userId: 'idem-2', organizationId: org.id })
      .expect(201);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a key that is empty, too long or not visible ASCII', async () => {
    for (const key of ['', 'x'.repeat(256), 'two words', 'with\ttab']) {
      const res = await create(key, { userId: 'idem-3' });
      expect([res.status, res.body.code]).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
    }
    expect(await sessions('idem-3')).toBe(0);
  });

  it('creates one session for two concurrent requests with the same key; both get the link', async () => {
    const [a, b] = await Promise.all([create('order-1004', { userId: 'idem-4' }), create('order-1004', { userId: 'idem-4' })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await sessions('idem-4')).toBe(1);
  });

  it('frees the key of a request that failed, so a corrected retry can use it', async () => {
    const refused = await create('order-1005', { userId: 'idem-5', redirectUrl: 'https://not-allowed.example/back' }).expect(400);
    expect(refused.body.code).toBe('REDIRECT_URL_NOT_ALLOWED');
    await create('order-1005', { userId: 'idem-5' }).expect(201);
    expect(await sessions('idem-5')).toBe(1);
  });

  it("keeps each caller's keys apart, and forgets a key after 24 hours", async () => {
    const other = await createUser(t);
    const otherOrg = await createOrganization(t, other);
    const mine = await create('shared-key', { userId: 'idem-6' }).expect(201);
    const theirs = await request(t.server)
      .post('/api/kyc/sessions')
      .set(other.auth)
      .set('Idempotency-Key', 'shared-key')
      .send({ organizationId: otherOrg.id, userId: 'idem-6' })
      .expect(201);
    expect(theirs.body.sessionId).not.toBe(mine.body.sessionId);

    clock.advance(DAY_MS + 1000);
    const later = await create('shared-key', { userId: 'idem-6' }).expect(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.sessionId).not.toBe(mine.body.sessionId);
    // The hourly clean-up removes what is past the window (here: the other caller's key).
    expect(await t.app.get(Idempotency).removeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.app.get(DataSource).getRepository(IdempotencyRecord).countBy({ key: 'shared-key' })).toBe(1);
  });
});
