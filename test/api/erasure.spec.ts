import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApplicantCheck } from '../../server/applicants/applicant-check.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { ApplicantFace } from '../../server/faces/applicant-face.entity.js';
import { FaceBlocklistEntry } from '../../server/faces/face-blocklist-entry.entity.js';
import { FaceSearch } from '../../server/analysis/face-search.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { unpackEmbedding } from '../../server/face-reading/face-index.js';
import { addMember, createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { documentPhoto } from '../fixtures/images.js';
import { submitVerification } from '../fixtures/verification.js';
import { sessionHeaders } from '../support/accounts.js';
import { usesPostgres } from '../support/database.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

const SUBJECT = 'erasure-subject-7781';
const OTHER = 'erasure-bystander-1';
const identity = { name: 'Zebulon Quixwood', dateOfBirth: '1979-03-14', docNumber: 'QX7781Z90', expiryDate: '2032-07-19', country: 'DEU', sex: 'M' };

/**
 * Erasure: through the API key (the integrator) or by the owner / an administrator.
 * Afterwards no table and no column holds the person's values — identity, document
 * number, dates, userId, photo bytes, face embedding — only a tombstone (who, when, why).
 */
describe('erasing an applicant', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let org: TestOrganization;
  const embedding = randomBytes(1024);
  let imageRun: Buffer;

  const dataSource = () => t.app.get(DataSource);

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    reviewer = await createUser(t);
    org = await createOrganization(t, owner);
    await addMember(t, owner, org.id, reviewer);
    await submitVerification(t.server, owner, org.id, SUBJECT, [{ docType: 'PASSPORT', png: documentPhoto() }], identity);
    await submitVerification(t.server, owner, org.id, OTHER, [{ docType: 'PASSPORT', png: documentPhoto() }], {
      ...identity,
      name: 'Ada Bystander',
      docNumber: 'BY0000001',
      dateOfBirth: '1990-01-01',
      expiryDate: '2030-01-01',
    });
    const subject = await dataSource().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: SUBJECT });
    const other = await dataSource().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: OTHER });
    // A staff edit (its audit entry holds from/to values), a face, a blocklist copy of it, and
    // a bystander's check naming the subject (as a duplicate-face match does).
    const staff = await sessionHeaders(t, owner);
    await request(t.server).put(`/api/projects/${org.id}/applicants/${SUBJECT}`).set(staff).send({ placeOfBirth: 'Quixwood Hollow' }).expect(200);
    const crop = Buffer.concat([Buffer.from([0xff, 0xd8]), randomBytes(300)]);
    await dataSource().getRepository(ApplicantFace).insert({ applicantId: subject.id, organizationId: org.id, embedding, crop });
    await dataSource()
      .getRepository(FaceBlocklistEntry)
      .insert({ organizationId: org.id, applicantId: subject.id, userId: SUBJECT, embedding, crop, reason: 'test', createdById: owner.user.id });
    await dataSource()
      .getRepository(ApplicantCheck)
      .insert({
        applicantId: other.id,
        name: 'face-duplicate',
        verdict: 'review',
        score: 0.9,
        detail: `Same face as ${SUBJECT}`,
        evidence: { matches: [{ userId: SUBJECT, name: identity.name, dateOfBirth: identity.dateOfBirth, similarity: 0.9 }] },
      } as never);
    const image = await dataSource().getRepository(ApplicantImage).findOneByOrFail({ applicantId: subject.id, docType: 'PASSPORT' });
    imageRun = image.data.subarray(image.data.length / 2, image.data.length / 2 + 32);
  }, 60_000);
  afterAll(() => t.close());

  /** Every table and column of the database, searched for the erased values (text, and bytes in binary columns). */
  async function walk(needles: { text: string[]; bytes: Buffer[] }): Promise<string[]> {
    const tables: { name: string }[] = usesPostgres
      ? await dataSource().query(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
      : await dataSource().query(`SELECT name FROM sqlite_master WHERE type = 'table'`);
    const found: string[] = [];
    for (const { name } of tables) {
      const rows: Record<string, unknown>[] = await dataSource().query(`SELECT * FROM "${name}"`);
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (value === null || value === undefined) continue;
          const text = Buffer.isBuffer(value) ? value.toString('latin1') : typeof value === 'object' ? JSON.stringify(value) : String(value);
          for (const needle of needles.text) if (text.includes(needle)) found.push(`${name}.${column}: ${needle}`);
          if (Buffer.isBuffer(value)) for (const needle of needles.bytes) if (value.includes(needle)) found.push(`${name}.${column}: bytes`);
        }
      }
    }
    return found;
  }

  const needles = () => ({
    text: [SUBJECT, identity.name, identity.docNumber, identity.dateOfBirth, identity.expiryDate, 'Quixwood Hollow'],
    bytes: [imageRun, embedding.subarray(100, 132)],
  });

  it('finds the values before the erasure (the walk can fail)', async () => {
    const found = await walk({ text: needles().text, bytes: [] });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^applicants\.name/),
        expect.stringMatching(/^audit_events\.detail/),
        expect.stringMatching(/^applicant_checks\.evidence/),
      ]),
    );
  });

  it('refuses a member who is neither owner nor administrator, and a missing reason', async () => {
    const headers = await sessionHeaders(t, reviewer);
    const res = await request(t.server).delete(`/api/projects/${org.id}/applicants/${SUBJECT}`).set(headers).send({ reason: 'asked', confirmUserId: SUBJECT });
    expect(res.status).toBe(403);
    await request(t.server).delete(`/api/projects/${org.id}/applicants/${SUBJECT}`).set(owner.auth).send({ confirmUserId: SUBJECT }).expect(400);
    const unconfirmed = await request(t.server)
      .delete(`/api/projects/${org.id}/applicants/${SUBJECT}`)
      .set(owner.auth)
      .send({ reason: 'asked', confirmUserId: OTHER })
      .expect(400);
    expect(unconfirmed.body.code).toBe('ERASURE_NOT_CONFIRMED');
    await request(t.server).get(`/api/projects/${org.id}/applicants/${SUBJECT}`).set(owner.auth).expect(200);
  });

  it('erases through the API key, leaves a tombstone, and no table or column holds the values any more', async () => {
    // The face search has the face loaded (its thread's memory) before the erasure.
    const query = Float32Array.from(unpackEmbedding(embedding));
    const before = await t.app.get(FaceSearch).search(org.id, [{ model: 'faceres', embedding: query, threshold: 0.9 }]);
    expect([before.faces.length, before.blocklist.length]).toEqual([1, 1]);
    const res = await request(t.server)
      .delete(`/api/projects/${org.id}/applicants/${SUBJECT}`)
      .set(owner.auth)
      .send({ reason: 'Data subject request (GDPR Art. 17)', confirmUserId: SUBJECT })
      .expect(200);
    expect(res.body).toEqual({
      applicantId: expect.any(String),
      erasedAt: expect.any(String),
      erasedBy: owner.user.username,
      reason: 'Data subject request (GDPR Art. 17)',
    });
    await request(t.server).get(`/api/projects/${org.id}/applicants/${SUBJECT}`).set(owner.auth).expect(404);
    const tombstones = await request(t.server)
      .get(`/api/projects/${org.id}/applicants/${SUBJECT}/erasures`)
      .set(await sessionHeaders(t, reviewer))
      .expect(200);
    expect(tombstones.body).toEqual([res.body]);
    expect((await request(t.server).get(`/api/projects/${org.id}/applicants/${OTHER}/erasures`).set(owner.auth).expect(200)).body).toEqual([]);

    expect(await walk(needles())).toEqual([]);
    // Nor the file's free pages or its WAL (SQLite: secure_delete and a checkpoint; security review, low).
    if (!usesPostgres) {
      for (const file of ['kyc.sqlite', 'kyc.sqlite-wal']) {
        const path = join(t.database.dataDir, file);
        const bytes = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
        for (const value of [identity.name, identity.docNumber, 'Quixwood Hollow'])
          expect([file, value, bytes.includes(Buffer.from(value))]).toEqual([file, value, false]);
      }
    }
    // The tombstone's userId hash is keyed: the database alone cannot confirm a guessed userId.
    const [stored] = await dataSource().query(`SELECT "userIdHash" FROM "applicant_erasures" WHERE "applicantId" = ${usesPostgres ? '$1' : '?'}`, [
      res.body.applicantId,
    ]);
    expect(stored.userIdHash).not.toBe(createHash('sha256').update(`${org.id}:${SUBJECT}`).digest('hex'));
    // The audit trail keeps that things happened, and the erasure itself, without the values.
    const trail = await dataSource().getRepository(AuditEvent).findBy({ applicantId: res.body.applicantId });
    expect(trail.length).toBeGreaterThan(0);
    expect(trail.every((event) => JSON.stringify(event.detail) === '{"erased":true}')).toBe(true);
    expect(await dataSource().getRepository(AuditEvent).findOneBy({ action: 'applicant.erased' })).toMatchObject({
      detail: { applicantId: res.body.applicantId },
    });
    // The bystander is untouched but for the mention.
    const other = await dataSource().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: OTHER });
    expect(other.name).toBe('Ada Bystander');
    await request(t.server)
      .delete(`/api/projects/${org.id}/applicants/${SUBJECT}`)
      .set(owner.auth)
      .send({ reason: 'again', confirmUserId: SUBJECT })
      .expect(404);
    // The face search no longer reports it, and has dropped it from memory.
    const after = await t.app.get(FaceSearch).search(org.id, [{ model: 'faceres', embedding: query, threshold: 0.9 }]);
    expect([after.faces.length, after.blocklist.length]).toEqual([0, 0]);
    expect(
      await (t.app.get(FaceSearch) as unknown as { run(task: unknown): Promise<number> }).run({
        task: 'remove',
        organizationId: org.id,
        set: 'faces',
        model: 'faceres',
        ids: [],
      }),
    ).toBe(0);
  });
});
