import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AnalysisJob } from '../../server/applicants/analysis/analysis-job.entity.js';
import { ApplicantCheck } from '../../server/applicants/applicant-check.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { FaceCrop, FaceCropMove } from '../../server/faces/face-crop.entity.js';
import { ENVELOPE_MAGIC } from '../../server/data-protection/envelope.js';
import { FaceCrops1795820971160 } from '../../server/migrations/1795820971160-FaceCrops.js';
import { fakeApplicant, type FakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { galleryFace, poseChallengePhotos } from '../fixtures/face-photos.js';
import { dataUrl, jpegImage } from '../fixtures/images.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { widgetSession } from '../fixtures/verification.js';
import { sessionHeaders } from '../support/accounts.js';
import { driveClock } from '../support/clock.js';
import { usesPostgres } from '../support/database.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { waitUntil } from '../support/wait.js';

const FACERES = { ANALYSIS_THREADS: '1', FACE_EMBEDDING_MODEL: 'faceres' };

/**
 * Where in `raw` an image file starts: a JPEG (FF D8 FF and two well-formed marker
 * segments after it, so that random ciphertext does not pass for one), a PNG (its 8-byte
 * signature), a WebP (RIFF….WEBP), or the text of a data URL.
 */
export function imageSignatures(raw: Buffer): string[] {
  const found: string[] = [];
  const segmentEnd = (at: number): number | null => {
    // FF, a marker (not a fill byte, not a stuffed 00), a big-endian length of at least 2.
    if (at + 4 > raw.length || raw[at] !== 0xff || raw[at + 1] === 0x00 || raw[at + 1] === 0xff || raw[at + 1] < 0xc0) return null;
    const length = raw.readUInt16BE(at + 2);
    return length >= 2 ? at + 2 + length : null;
  };
  for (let at = raw.indexOf(Buffer.from([0xff, 0xd8, 0xff])); at !== -1; at = raw.indexOf(Buffer.from([0xff, 0xd8, 0xff]), at + 1)) {
    const first = segmentEnd(at + 2);
    if (first !== null && segmentEnd(first) !== null) found.push(`JPEG at ${at}`);
  }
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let at = raw.indexOf(png); at !== -1; at = raw.indexOf(png, at + 1)) found.push(`PNG at ${at}`);
  for (let at = raw.indexOf('RIFF'); at !== -1; at = raw.indexOf('RIFF', at + 1)) {
    if (raw.subarray(at + 8, at + 12).toString('latin1') === 'WEBP') found.push(`WebP at ${at}`);
  }
  for (let at = raw.indexOf('data:image'); at !== -1; at = raw.indexOf('data:image', at + 1)) found.push(`data:image at ${at}`);
  return found;
}

const now = new Date('2026-06-01T00:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Check {
  name: string;
  evidence: Record<string, unknown> | null;
}
const jpeg = (bytes: Buffer) => dataUrl('image/jpeg', bytes);

/**
 * Face crops at rest (security finding 3): the face analysis's crops are encrypted rows
 * served by an authorised route; the checks' evidence holds only their ids.
 */
describe('face crops at rest', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;
  let index = 0;

  const dataSource = () => t.app.get(DataSource);

  beforeAll(async () => {
    // faceres: the duplicate whose crop is copied is the man on two different photographs, which dlib + flip at 0.965 does not join
    // (docs/decisions.md, "Moving stored faces to the identity embedding"); this suite is about the crops at rest, not the model.
    t = await startTestApp(FACERES);
    owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    org = await createOrganization(t, owner);
  }, 60_000);
  afterAll(() => t.close());

  function nextPassportHolder(): FakeApplicant {
    for (;;) {
      index += 1;
      const person = fakeApplicant(index, { seed: 'face-crops', now });
      if (person.documentType === 'PASSPORT' && person.docNumber && person.name && person.dateOfBirth) return person;
    }
  }

  /** The whole verification: a passport printed with `portrait`, the selfie and its turned capture, the typed data, submitted; waits for the face analysis. */
  async function verify(userId: string, portrait: Buffer, facing?: Buffer): Promise<void> {
    const person = nextPassportHolder();
    const document = await renderFakeDocument(person, { face: portrait });
    const widget = await widgetSession(t.server, owner, org.id, userId);
    const session = (await request(t.server).get('/api/kyc/session').set(widget).expect(200)).body;
    const photos = await poseChallengePhotos(session.selfieChallenge.turn);
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'PASSPORT', side: 'front', data: dataUrl('image/png', document.pages[0].png) })
      .expect(200);
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'SELFIE', pose: 'facing', data: jpeg(facing ?? photos.facing) })
      .expect(200);
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'SELFIE', pose: 'turned', data: jpeg(photos.turned) })
      .expect(200);
    const { name, dateOfBirth, docNumber, expiryDate, country, sex } = person;
    await request(t.server).put('/api/kyc/personal-data').set(widget).send({ name, dateOfBirth, docNumber, expiryDate, country, sex }).expect(200);
    await request(t.server).post('/api/kyc/submit').set(widget).expect(200);
    const applicant = await dataSource().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
    const jobs = dataSource().getRepository(AnalysisJob);
    await waitUntil(async () => ((await jobs.findOneBy({ applicantId: applicant.id, kind: 'face' }))?.status === 'done' ? true : undefined), 90_000);
  }

  (usesPostgres ? it.skip : it)(
    'leaves no image and no data URL in the SQLite file or its write-ahead log after a full verification',
    async () => {
      await verify('scan-1', await galleryFace(1));
      const checks = (await request(t.server).get(`/api/projects/${org.id}/applicants/scan-1/checks`).set(owner.auth).expect(200)).body as {
        name: string;
        verdict: string;
      }[];
      expect(checks.find((check) => check.name === 'face-match')).toMatchObject({ verdict: 'passed' });
      // No checkpoint first: what is still only in the log is searched there.
      const files = ['kyc.sqlite', 'kyc.sqlite-wal'].map((name) => join(t.database.dataDir, name));
      expect(existsSync(files[0])).toBe(true);
      const found = files
        .filter((file) => existsSync(file))
        .flatMap((file) => imageSignatures(readFileSync(file)).map((hit) => `${file.split('/').pop()}: ${hit}`));
      expect(found).toEqual([]);
    },
    180_000,
  );

  const checksOf = async (userId: string): Promise<Record<string, Check>> => {
    const checks = (await request(t.server).get(`/api/projects/${org.id}/applicants/${userId}/checks`).set(owner.auth).expect(200)).body as Check[];
    expect(JSON.stringify(checks)).not.toMatch(/data:image|base64/);
    return Object.fromEntries(checks.map((check) => [check.name, check]));
  };
  const cropOf = (userId: string, cropId: string, as: TestUser = owner) =>
    request(t.server).get(`/api/projects/${org.id}/applicants/${userId}/face-crops/${cropId}`).set(as.auth);
  const cropIdsOf = (checks: Record<string, Check>) => {
    const faceMatch = checks['face-match'].evidence as { portrait: { cropId: string }; selfie: { cropId: string } };
    const duplicates = checks['duplicate-face'].evidence as { matches: { userId: string; cropId: string }[] };
    return { portrait: faceMatch.portrait.cropId, selfie: faceMatch.selfie.cropId, matches: duplicates.matches };
  };

  it('serves the crops the evidence names to members only, and removes them with erasure and retention', async () => {
    await verify('kept-1', await galleryFace(1));
    await verify('kept-2', await galleryFace(3));
    const second = cropIdsOf(await checksOf('kept-2'));
    expect(second.portrait).toMatch(UUID);
    expect(second.selfie).toMatch(UUID);
    // The same man on both selfies: kept-2's evidence shows a copy of kept-1's face.
    const copy = second.matches.find((match) => match.userId === 'kept-1')!;
    expect(copy.cropId).toMatch(UUID);
    for (const cropId of [second.portrait, second.selfie, copy.cropId]) {
      const crop = await cropOf('kept-2', cropId).expect(200);
      expect(crop.headers['content-type']).toBe('image/jpeg');
      expect(crop.headers['cache-control']).toBe('private, no-store');
      expect((crop.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    // Only under the applicant whose checks show it, only in its organization, only to its members.
    await cropOf('kept-1', second.selfie).expect(404);
    const outsider = await createUser(t);
    await createOrganization(t, outsider);
    expect((await cropOf('kept-2', second.selfie, outsider)).status).toBe(404);
    const stored = await dataSource().getRepository(FaceCrop).findOneByOrFail({ id: second.selfie });
    const [raw]: { data: Buffer }[] = await dataSource().query(`SELECT "data" FROM "face_crops" WHERE "id" = ${usesPostgres ? '$1' : '?'}`, [second.selfie]);
    expect(raw.data.subarray(0, 4)).toEqual(ENVELOPE_MAGIC);
    expect(raw.data.includes(stored.data.subarray(100, 132))).toBe(false);

    // Erasure of kept-1: its crops, and the copy of its face in kept-2's evidence, are gone.
    const first = cropIdsOf(await checksOf('kept-1'));
    const staff = await sessionHeaders(t, owner);
    await request(t.server)
      .delete(`/api/projects/${org.id}/applicants/kept-1`)
      .set(staff)
      .send({ reason: 'Data subject request', confirmUserId: 'kept-1' })
      .expect(200);
    expect(
      await dataSource()
        .getRepository(FaceCrop)
        .countBy([{ id: first.portrait }, { id: first.selfie }, { id: copy.cropId }]),
    ).toBe(0);
    await cropOf('kept-2', copy.cropId).expect(404);
    expect(cropIdsOf(await checksOf('kept-2')).matches.map((match) => match.userId)).not.toContain('kept-1');

    // Retention of kept-2's photos: its crops answer 404, its checks hold no image.
    const clock = driveClock(t);
    try {
      await request(t.server)
        .post(`/api/projects/${org.id}/applicants/kept-2/approve`)
        .set(await sessionHeaders(t, owner))
        // Flagged (the same face as kept-1): approving it past that takes a reason.
        .send({ overrideReason: 'Same person, new document' })
        .expect(200);
      await request(t.server)
        .put(`/api/projects/${org.id}/retention-policy`)
        .set(await sessionHeaders(t, owner))
        .send({ imagesDays: 30, identityDays: null, abandonedDays: null })
        .expect(200);
      clock.advance(31 * DAY_MS);
      const run = await request(t.server)
        .post(`/api/projects/${org.id}/retention-policy/apply`)
        .set(await sessionHeaders(t, owner))
        .send({})
        .expect(200);
      expect(run.body.imagesRemoved).toBeGreaterThanOrEqual(1);
      for (const cropId of [second.portrait, second.selfie]) await cropOf('kept-2', cropId).expect(404);
      await checksOf('kept-2');
      const applicant = await dataSource().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: 'kept-2' });
      expect(
        await dataSource()
          .getRepository(FaceCrop)
          .countBy([{ applicantId: applicant.id }, { faceOfApplicantId: applicant.id }]),
      ).toBe(0);
    } finally {
      clock.restore();
      await request(t.server)
        .put(`/api/projects/${org.id}/retention-policy`)
        .set(await sessionHeaders(t, owner))
        .send({ imagesDays: null, identityDays: null, abandonedDays: null })
        .expect(200);
    }
  }, 300_000);

  it('answers 404 for a blocklist entry id no 32-bit column can hold (PostgreSQL answered 500: found by the fuzzer)', async () => {
    for (const entryId of ['2147483648', '99999999999', '0', 'x']) {
      await request(t.server).get(`/api/projects/${org.id}/face-blocklist/${entryId}/crop`).set(owner.auth).expect(404);
    }
  });

  it('moves the crops of checks written by older versions out of their evidence, encrypted, when upgraded', async () => {
    const repository = dataSource().getRepository(Applicant);
    const legacy = await repository.save({ organizationId: org.id, userId: 'legacy-1', kycStatus: 'queued' });
    const other = await repository.save({ organizationId: org.id, userId: 'legacy-2', kycStatus: 'queued' });
    const bytes = { selfie: jpegImage(5, 5), portrait: jpegImage(6, 6), other: jpegImage(7, 7), listed: jpegImage(8, 8) };
    const url = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    const outcome = (jpeg: Buffer) => ({
      found: true,
      box: { x: 1, y: 2, width: 3, height: 4 },
      size: 4,
      yaw: 1,
      antispoof: 0.9,
      liveness: 0.9,
      crop: url(jpeg),
    });

    // The database as the previous version left it: the migration not applied, crops inline.
    const runner = dataSource().createQueryRunner();
    try {
      await new FaceCrops1795820971160().down(runner);
    } finally {
      await runner.release();
    }
    await dataSource().query(`DELETE FROM "migrations" WHERE "name" = 'FaceCrops1795820971160'`);
    const checks = dataSource().getRepository(ApplicantCheck);
    await checks.insert([
      {
        applicantId: legacy.id,
        name: 'face-match',
        verdict: 'passed',
        score: 0.8,
        detail: 'match',
        evidence: { threshold: 0.45, similarity: 0.8, portrait: outcome(bytes.portrait), selfie: outcome(bytes.selfie) },
      },
      {
        applicantId: legacy.id,
        name: 'duplicate-face',
        verdict: 'failed',
        score: 0.9,
        detail: 'duplicate',
        evidence: {
          threshold: 0.45,
          searched: 3,
          matches: [
            { userId: 'legacy-2', name: null, dateOfBirth: null, similarity: 0.9, differentIdentity: true, crop: url(bytes.other) },
            { userId: 'removed-since', name: null, dateOfBirth: null, similarity: 0.8, differentIdentity: true, crop: url(bytes.other) },
          ],
          blocklist: [{ entryId: 99, userId: 'listed-1', reason: 'Forged', similarity: 0.85, crop: url(bytes.listed) }],
        },
      },
    ]);

    // Upgraded: the migration lists the checks, the start moves their crops once the key is loaded.
    await t.stop();
    t = await startTestApp(FACERES, { database: t.database });
    expect(await dataSource().getRepository(FaceCropMove).count()).toBe(0);
    const moved = await checksOf('legacy-1');
    const faceMatch = moved['face-match'].evidence as Record<string, Record<string, unknown>>;
    expect(faceMatch.portrait).not.toHaveProperty('crop');
    expect(faceMatch.portrait).toMatchObject({ found: true, yaw: 1, cropId: expect.stringMatching(UUID) });
    expect((await cropOf('legacy-1', faceMatch.portrait.cropId as string).expect(200)).body).toEqual(bytes.portrait);
    expect((await cropOf('legacy-1', faceMatch.selfie.cropId as string).expect(200)).body).toEqual(bytes.selfie);
    const duplicates = moved['duplicate-face'].evidence as { matches: { userId: string; cropId: string | null }[]; blocklist: Record<string, unknown>[] };
    const [kept, gone] = duplicates.matches;
    expect(kept).toMatchObject({ userId: 'legacy-2', cropId: expect.stringMatching(UUID) });
    expect((await cropOf('legacy-1', kept.cropId!).expect(200)).body).toEqual(bytes.other);
    expect(await dataSource().getRepository(FaceCrop).findOneByOrFail({ id: kept.cropId! })).toMatchObject({
      applicantId: legacy.id,
      faceOfApplicantId: other.id,
    });
    expect(gone).toMatchObject({ userId: 'removed-since', cropId: null });
    expect(duplicates.blocklist).toEqual([{ entryId: 99, userId: 'listed-1', reason: 'Forged', similarity: 0.85 }]);
    const raw: { data: Buffer }[] = await dataSource().query(`SELECT "data" FROM "face_crops" WHERE "applicantId" = ${usesPostgres ? '$1' : '?'}`, [legacy.id]);
    expect(raw).toHaveLength(3);
    for (const row of raw) expect(row.data.subarray(0, 4)).toEqual(ENVELOPE_MAGIC);
    if (!usesPostgres) {
      // The rewritten evidence's old bytes were overwritten (secure_delete), not left in free pages.
      await dataSource().query('PRAGMA wal_checkpoint(TRUNCATE)');
      expect(imageSignatures(readFileSync(join(t.database.dataDir, 'kyc.sqlite')))).toEqual([]);
    }
  }, 120_000);
});
