import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { ApplicantFace } from '../../server/faces/applicant-face.entity.js';
import { ConfigurationError, keyBesideDatabaseWarning, loadEnvironment } from '../../server/config/environment.js';
import { DataEncryptionKeyRecord } from '../../server/data-protection/data-encryption-key.entity.js';
import { ENVELOPE_HEADER_BYTES, ENVELOPE_MAGIC, encryptValue, envelopeKeyId, keyEncryptionKey } from '../../server/data-protection/envelope.js';
import { ENCRYPTED_COLUMNS } from '../../server/data-protection/encrypted-columns.js';
import { rotateDataKeys } from '../../server/data-protection/key-rotation.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { documentPhoto } from '../fixtures/images.js';
import { submitVerification } from '../fixtures/verification.js';
import { usesPostgres } from '../support/database.js';
import { spawnServer } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

const USER_ID = 'encrypted-applicant';

/** A byte run from the middle of `bytes`: present in any copy of them, absent by chance from anything else. */
const distinctiveRun = (bytes: Buffer) => bytes.subarray(Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 32);

/**
 * Images and face embeddings at rest: sealed with AES-256-GCM under a data key of
 * their own, wrapped by the key-encryption key (the key file in DATA_DIR, or
 * DATA_ENCRYPTION_KEY). The raw database holds none of their bytes; a wrong key stops
 * the start; a rotation re-wraps every data key; a tampered value is refused.
 */
describe('documents encrypted at rest', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;
  let image: Buffer;
  let imageId: string;
  const embedding = randomBytes(1024);
  /** The key the last rotation test left the database on (hex). */
  let rotatedKey = '';
  const crop = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(400)]);

  const dataSource = () => t.app.get(DataSource);
  const fileKey = () => readFileSync(join(t.database.dataDir, 'data-encryption-key'), 'utf8').trim();
  const readImage = (app: TestApp = t) => request(app.server).get(`/api/projects/${org.id}/applicants/${USER_ID}/images/${imageId}`).set(owner.auth);
  const restart = async (env: Record<string, string>) => {
    await t.stop();
    t = await startTestApp(env, { database: t.database });
  };
  /** The stored bytes of a column, as the database has them (no transformer). */
  const rawColumn = async (table: string, column: string, id: string | number): Promise<Buffer> => {
    const rows: Record<string, Buffer>[] = await dataSource().query(`SELECT "${column}" AS "value" FROM "${table}" WHERE "id" = ${usesPostgres ? '$1' : '?'}`, [
      id,
    ]);
    return rows[0].value;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    org = await createOrganization(t, owner);
    await submitVerification(t.server, owner, org.id, USER_ID, [{ docType: 'PASSPORT', png: documentPhoto() }], {
      name: 'Erika Mustermann',
      dateOfBirth: '1984-08-12',
      docNumber: 'C01X00T47',
      expiryDate: '2031-10-31',
      country: 'DEU',
      sex: 'F',
    });
    const applicant = await dataSource().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: USER_ID });
    const stored = await dataSource().getRepository(ApplicantImage).findOneByOrFail({ applicantId: applicant.id, docType: 'PASSPORT' });
    imageId = stored.id;
    await dataSource().getRepository(ApplicantFace).insert({ applicantId: applicant.id, organizationId: org.id, embedding, crop });
    image = (await readImage().expect(200)).body as Buffer;
  }, 60_000);
  afterAll(() => t.close());

  it('generates the key file on first start, readable only by its owner', () => {
    const file = join(t.database.dataDir, 'data-encryption-key');
    expect(Buffer.from(fileKey(), 'base64')).toHaveLength(32);
    expect(readFileSync(file).length).toBeGreaterThan(0);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('keeps the files in DATA_DIR to their owner: a new directory 0700, the database and its WAL 0600 (security finding 14)', () => {
    if (!usesPostgres) {
      for (const name of ['kyc.sqlite', 'kyc.sqlite-wal']) {
        const path = join(t.database.dataDir, name);
        expect([name, existsSync(path) && statSync(path).mode & 0o777]).toEqual([name, 0o600]);
      }
    }
    const fresh = join(mkdtempSync(join(tmpdir(), 'kyc-data-')), 'new-dir');
    const env = loadEnvironment({ DATA_DIR: fresh });
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(join(fresh, 'data-encryption-key')).mode & 0o777).toBe(0o600);
    // The generated key sits beside a SQLite database: the start warns and says where to keep it.
    expect(keyBesideDatabaseWarning(env)).toContain('DATA_ENCRYPTION_KEY from a secret store or a mounted secret file');
    expect(keyBesideDatabaseWarning(loadEnvironment({ DATA_DIR: fresh, DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') }))).toBeUndefined();
    expect(keyBesideDatabaseWarning(loadEnvironment({ DATA_DIR: fresh, DATABASE_URL: 'postgres://db.internal/kyc' }))).toBeUndefined();
  });

  it('serves the photo as uploaded while the database holds no byte run of it, nor of the embedding or crop', async () => {
    expect(image.subarray(0, 8)).toEqual(documentPhoto().subarray(0, 8));
    const needles = { image: distinctiveRun(image), upload: distinctiveRun(documentPhoto()), embedding: distinctiveRun(embedding), crop: distinctiveRun(crop) };
    if (usesPostgres) {
      // The table bytes as PostgreSQL stores them, searched in SQL.
      for (const [name, needle] of Object.entries(needles)) {
        const [images]: { n: string }[] = await dataSource().query('SELECT count(*) AS n FROM applicant_images WHERE position($1::bytea in data) > 0', [
          needle,
        ]);
        const [faces]: { n: string }[] = await dataSource().query(
          'SELECT count(*) AS n FROM applicant_faces WHERE position($1::bytea in embedding) > 0 OR position($1::bytea in crop) > 0',
          [needle],
        );
        expect({ name, images: Number(images.n), faces: Number(faces.n) }).toEqual({ name, images: 0, faces: 0 });
      }
    } else {
      // The SQLite file and its write-ahead log, byte for byte.
      await dataSource().query('PRAGMA wal_checkpoint(FULL)');
      const files = ['kyc.sqlite', 'kyc.sqlite-wal'].map((name) => join(t.database.dataDir, name)).filter((file) => existsSync(file));
      const raw = Buffer.concat(files.map((file) => readFileSync(file)));
      expect(raw.length).toBeGreaterThan(image.length);
      for (const [name, needle] of Object.entries(needles)) expect({ name, found: raw.includes(needle) }).toEqual({ name, found: false });
    }
    const stored = await rawColumn('applicant_images', 'data', imageId);
    expect(stored.subarray(0, 4)).toEqual(ENVELOPE_MAGIC);
    expect(stored.length).toBe(image.length + ENVELOPE_HEADER_BYTES);
    expect(envelopeKeyId(stored)).toBe(keyEncryptionKey(Buffer.from(fileKey(), 'base64')).id);
  });

  it('gives every value a data key of its own: the same bytes stored twice differ', async () => {
    const applicant = await dataSource().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: USER_ID });
    const face = await dataSource().getRepository(ApplicantFace).findOneByOrFail({ applicantId: applicant.id });
    expect(face.embedding.equals(embedding)).toBe(true);
    const first = await rawColumn('applicant_faces', 'embedding', face.id);
    await dataSource().getRepository(ApplicantFace).update({ id: face.id }, { embedding });
    const second = await rawColumn('applicant_faces', 'embedding', face.id);
    expect(first.equals(second)).toBe(false);
    // The wrapped data keys differ, not only the initialisation vectors.
    expect(first.subarray(24, 56).equals(second.subarray(24, 56))).toBe(false);
  });

  it('refuses a tampered ciphertext instead of serving it', async () => {
    const stored = await rawColumn('applicant_images', 'data', imageId);
    const tampered = Buffer.from(stored);
    tampered[tampered.length - 10] ^= 0x01;
    const p = (n: number) => (usesPostgres ? `$${n}` : '?');
    await dataSource().query(`UPDATE "applicant_images" SET "data" = ${p(1)} WHERE "id" = ${p(2)}`, [tampered, imageId]);
    const res = await readImage();
    expect(res.status).toBe(500);
    expect(Buffer.isBuffer(res.body) && res.body.includes(distinctiveRun(image))).toBe(false);
    await dataSource().query(`UPDATE "applicant_images" SET "data" = ${p(1)} WHERE "id" = ${p(2)}`, [stored, imageId]);
    expect((await readImage().expect(200)).body).toEqual(image);
  });

  /** The built server started on this test's database: exits with the message of a refused key. */
  const startRefused = async (env: Record<string, string>): Promise<string> => {
    const server = await spawnServer({
      DATA_DIR: t.database.dataDir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DATABASE_SCHEMA: t.database.schema ?? '',
      ...env,
    });
    expect(await server.exited).toBe(1);
    return server.output();
  };

  it('refuses to start with a wrong key, naming the key ids, and refuses a malformed key', async () => {
    await t.stop();
    const wrong = randomBytes(32).toString('base64');
    const output = await startRefused({ DATA_ENCRYPTION_KEY: wrong });
    expect(output).toContain("DATA_ENCRYPTION_KEY is not the key this database's images and faces are encrypted with");
    expect(output).toContain(`this key's id is ${keyEncryptionKey(Buffer.from(wrong, 'base64')).id}`);
    expect(output).not.toContain('KYC platform is ready');
    expect(() => loadEnvironment({ DATA_DIR: t.database.dataDir, DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(
      new ConfigurationError(
        'DATA_ENCRYPTION_KEY must be 32 random bytes written as 64 hex digits or 44 base64 characters (make one with: openssl rand -base64 32)',
      ),
    );
    t = await startTestApp({}, { database: t.database });
    expect((await readImage().expect(200)).body).toEqual(image);
  }, 60_000);

  it('rotates: both keys read during the rotation, every data key re-wrapped, then only the new key starts', async () => {
    const oldKey = fileKey();
    const newKey = randomBytes(32).toString('hex');
    const newId = keyEncryptionKey(Buffer.from(newKey, 'hex')).id;
    await restart({ DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_KEY_PREVIOUS: oldKey });
    // Still under the old key, readable; the new key is known to the database.
    expect((await readImage().expect(200)).body).toEqual(image);
    expect((await dataSource().getRepository(DataEncryptionKeyRecord).find()).map((row) => row.keyId)).toContain(newId);

    // The command runs beside the serving app (no downtime); the app keeps serving the photo.
    const before = await rawColumn('applicant_images', 'data', imageId);
    const rotation = await spawnServer(
      {
        DATA_DIR: t.database.dataDir,
        DATABASE_URL: process.env.DATABASE_URL ?? '',
        DATABASE_SCHEMA: t.database.schema ?? '',
        DATA_ENCRYPTION_KEY: newKey,
        DATA_ENCRYPTION_KEY_PREVIOUS: oldKey,
      },
      'dist/server/cli/keys-rotate.js',
    );
    expect((await readImage().expect(200)).body).toEqual(image);
    expect(await rotation.exited).toBe(0);
    expect(rotation.output()).toContain('applicant_images: 2 rows read, 2 re-wrapped\n');
    expect(rotation.output()).toContain('applicant_faces: 1 rows read, 1 re-wrapped\n');
    expect(rotation.output()).toContain(`Done: 3 values re-wrapped under key ${newId}`);
    // Run again, it has nothing left to do.
    expect(await rotateDataKeys(dataSource())).toEqual({ rewrapped: 0, keyId: newId, passes: 1 });
    const after = await rawColumn('applicant_images', 'data', imageId);
    expect(envelopeKeyId(after)).toBe(newId);
    // Only the header changed: the image's ciphertext is the one written at upload.
    expect(after.subarray(ENVELOPE_HEADER_BYTES - 28).equals(before.subarray(ENVELOPE_HEADER_BYTES - 28))).toBe(true);
    expect((await dataSource().getRepository(DataEncryptionKeyRecord).find()).map((row) => row.keyId)).toEqual([newId]);

    await restart({ DATA_ENCRYPTION_KEY: newKey });
    expect((await readImage().expect(200)).body).toEqual(image);
    const applicant = await dataSource().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: USER_ID });
    expect((await dataSource().getRepository(ApplicantFace).findOneByOrFail({ applicantId: applicant.id })).embedding.equals(embedding)).toBe(true);

    // The old key (the file) no longer opens this database.
    await t.stop();
    expect(await startRefused({})).toContain("is not the key this database's images and faces are encrypted with");
    t = await startTestApp({ DATA_ENCRYPTION_KEY: newKey }, { database: t.database });
    rotatedKey = newKey;
  }, 90_000);

  it('walks again until nothing is left under the old key: a value a lagging replica writes behind the walk is re-wrapped too (security finding 14)', async () => {
    const oldKey = rotatedKey;
    const oldKek = keyEncryptionKey(Buffer.from(oldKey, 'hex'));
    const newKey = randomBytes(32).toString('hex');
    await restart({ DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_KEY_PREVIOUS: oldKey });
    let written = false;
    const result = await rotateDataKeys(dataSource(), async (progress) => {
      // While the walk is on applicant_faces, a replica still on the old key rewrites the photo it walked past.
      if (progress.table !== 'applicant_faces' || written) return;
      written = true;
      await dataSource().query(`UPDATE "applicant_images" SET "data" = ${usesPostgres ? '$1' : '?'} WHERE "id" = ${usesPostgres ? '$2' : '?'}`, [
        encryptValue(oldKek, image),
        imageId,
      ]);
    });
    expect(written).toBe(true);
    expect(result.passes).toBeGreaterThan(1);
    expect(envelopeKeyId(await rawColumn('applicant_images', 'data', imageId))).toBe(keyEncryptionKey(Buffer.from(newKey, 'hex')).id);
    // Nothing anywhere is left under the old key, so forgetting it loses nothing.
    for (const { table, columns } of ENCRYPTED_COLUMNS) {
      for (const column of columns) {
        const rows: Record<string, Buffer | null>[] = await dataSource().query(`SELECT "${column}" AS "value" FROM "${table}"`);
        for (const { value } of rows) if (value) expect([table, envelopeKeyId(value)]).not.toEqual([table, oldKek.id]);
      }
    }
    await restart({ DATA_ENCRYPTION_KEY: newKey });
    expect((await readImage().expect(200)).body).toEqual(image);
    rotatedKey = newKey;
  }, 90_000);

  it('encrypts photos stored before encryption existed on the first start with a key', async () => {
    const p = (n: number) => (usesPostgres ? `$${n}` : '?');
    const newKey = process.env.DATA_ENCRYPTION_KEY!;
    // As an older installation left it: plain bytes, no key known.
    await dataSource().query(`UPDATE "applicant_images" SET "data" = ${p(1)} WHERE "id" = ${p(2)}`, [image, imageId]);
    await dataSource().query('DELETE FROM "data_encryption_keys"');
    await restart({ DATA_ENCRYPTION_KEY: newKey });
    const stored = await rawColumn('applicant_images', 'data', imageId);
    expect(stored.subarray(0, 4)).toEqual(ENVELOPE_MAGIC);
    expect(stored.includes(distinctiveRun(image))).toBe(false);
    expect((await readImage().expect(200)).body).toEqual(image);
  });
});
