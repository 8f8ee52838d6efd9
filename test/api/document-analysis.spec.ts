import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AnalysisJob } from '../../server/applicants/analysis/analysis-job.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { fakeApplicant, type FakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { dataUrl, documentPhoto, pngImage } from '../fixtures/images.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { submitVerification, widgetSession, type DocumentPage } from '../fixtures/verification.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { waitUntil } from '../support/wait.js';

/** Items of the fixed 'document-reading' series the reader is known to read: a passport, a licence, an identity card. */
const now = new Date('2026-06-01T00:00:00Z');
const person = (index: number) => fakeApplicant(index, { seed: 'document-reading', now });
const PASSPORT = 1;
const LICENCE = 2;
const ID_CARD = 3;

interface Check {
  name: string;
  verdict: string;
  detail: string;
  score: number | null;
  evidence: Record<string, unknown> | null;
}

/**
 * Submission queues the document analysis; it runs on the app's worker threads and
 * records what the document says and how the typed data compares.
 */
describe('document analysis after submission', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;

  beforeAll(async () => {
    t = await startTestApp({ ANALYSIS_THREADS: '1' });
    owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    org = await createOrganization(t, owner);
  });
  afterAll(() => t.close());

  const png = (bytes: Buffer) => dataUrl('image/png', bytes);

  async function verify(userId: string, pages: DocumentPage[], typed: Partial<FakeApplicant>): Promise<string> {
    await submitVerification(t.server, owner, org.id, userId, pages, typed);
    return userId;
  }

  async function analysed(userId: string): Promise<Record<string, Check>> {
    const applicant = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
    const jobs = t.app.get(DataSource).getRepository(AnalysisJob);
    await waitUntil(async () => ((await jobs.findOneBy({ applicantId: applicant.id, kind: 'document' }))?.status === 'done' ? true : undefined), 30_000);
    const checks = (await request(t.server).get(`/api/projects/${org.id}/applicants/${userId}/checks`).set(owner.auth).expect(200)).body as Check[];
    return Object.fromEntries(checks.map((check) => [check.name, check]));
  }

  it('reads a passport and flags the mistyped date of birth, field by field', async () => {
    const truth = person(PASSPORT);
    const document = await renderFakeDocument(truth);
    const userId = await verify('passport-1', [{ docType: 'PASSPORT', side: 'front', png: document.pages[0].png }], { ...truth, dateOfBirth: '1970-01-01' });
    const checks = await analysed(userId);
    expect(checks['document-read']).toMatchObject({
      verdict: 'passed',
      // The zone as read is kept, for the reviewer to see it (and any character in doubt).
      evidence: { source: 'mrz', format: 'TD3', documentNumber: truth.docNumber, dateOfBirth: truth.dateOfBirth, zone: document.mrz },
    });
    expect(checks['data-matches-document']).toMatchObject({ verdict: 'failed', detail: 'Differs from the document: dateOfBirth' });
    const fields = (
      checks['data-matches-document'].evidence as { fields: { field: string; verdict: string; declared: string | null; extracted: string | null }[] }
    ).fields;
    expect(fields.find((field) => field.field === 'dateOfBirth')).toEqual({
      field: 'dateOfBirth',
      declared: '1970-01-01',
      extracted: truth.dateOfBirth,
      verdict: 'mismatch',
    });
    expect(fields.filter((field) => field.verdict === 'match').map((field) => field.field)).toEqual(['name', 'docNumber', 'expiryDate', 'sex']);
    // The typed data stays as typed; what was read is kept beside it.
    const applicant = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
    expect(applicant.dateOfBirth).toBe('1970-01-01');
    expect(applicant.documentData).toMatchObject({ dateOfBirth: truth.dateOfBirth, documentNumber: truth.docNumber });
  }, 60_000);

  it('after a resubmission of the personal data, reads the kept photos again: the evidence stays (issue 36, bug 3)', async () => {
    const truth = person(PASSPORT);
    const document = await renderFakeDocument(truth);
    const userId = await verify('resubmit-data', [{ docType: 'PASSPORT', side: 'front', png: document.pages[0].png }], { ...truth, dateOfBirth: '1970-01-01' });
    expect((await analysed(userId))['data-matches-document']).toMatchObject({ verdict: 'failed', detail: 'Differs from the document: dateOfBirth' });
    const staff = await sessionHeaders(t, owner);
    const labels = (await request(t.server).get(`/api/projects/${org.id}/decision-labels`).set(staff).expect(200)).body as { id: string; kind: string }[];
    await request(t.server)
      .post(`/api/projects/${org.id}/applicants/${userId}/request-resubmission`)
      .set(staff)
      .send({ step: 'personal-data', labelId: labels.find((label) => label.kind === 'resubmission')!.id })
      .expect(200);
    // A new link: the end user corrects only the data; the passport photo and the selfie stay from the first attempt.
    const widget = await widgetSession(t.server, owner, org.id, userId);
    const { name, docNumber, expiryDate, country, sex, dateOfBirth } = truth;
    await request(t.server).put('/api/kyc/personal-data').set(widget).send({ name, dateOfBirth, docNumber, expiryDate, country, sex }).expect(200);
    await request(t.server).post('/api/kyc/submit').set(widget).expect(200);
    const checks = await waitUntil(async () => {
      const now = await analysed(userId);
      return now['data-matches-document']?.verdict === 'passed' ? now : undefined;
    }, 30_000);
    expect(checks['document-read']).toMatchObject({ verdict: 'passed', evidence: { documentNumber: truth.docNumber } });
    const applicant = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
    expect(applicant).toMatchObject({ attempt: 2, dateOfBirth: truth.dateOfBirth, documentData: { dateOfBirth: truth.dateOfBirth } });
    // The faces are compared on the kept selfie, not reported missing.
    await waitUntil(
      async () =>
        (await t.app.get(DataSource).getRepository(AnalysisJob).findOneBy({ applicantId: applicant.id, kind: 'face' }))?.status === 'done' ? true : undefined,
      30_000,
    );
    const face = (await analysed(userId))['face-match'];
    expect(face.detail).not.toMatch(/There is no selfie/);
  }, 90_000);

  it('reads the machine-readable zone on the back of an identity card; typed as printed, everything matches', async () => {
    const truth = person(ID_CARD);
    const document = await renderFakeDocument(truth);
    const pages = document.pages.map((page) => ({ docType: 'ID_CARD', side: page.side, png: page.png }));
    const checks = await analysed(await verify('card-1', pages, truth));
    expect(checks['document-read']).toMatchObject({ verdict: 'passed', evidence: { format: 'TD1' } });
    expect(checks['data-matches-document']).toMatchObject({ verdict: 'passed', score: 1 });
  }, 60_000);

  it("reads a driving licence's barcode", async () => {
    const truth = person(LICENCE);
    const document = await renderFakeDocument(truth);
    const pages = document.pages.map((page) => ({ docType: 'DRIVERS', side: page.side, png: page.png }));
    const checks = await analysed(await verify('licence-1', pages, truth));
    expect(checks['document-read']).toMatchObject({
      verdict: 'passed',
      detail: 'AAMVA barcode read',
      evidence: { source: 'barcode', format: 'AAMVA', documentNumber: truth.docNumber },
    });
    expect(checks['data-matches-document'].verdict).toBe('passed');
  }, 60_000);

  it('asks a person to look when nothing can be read, saying why', async () => {
    const truth = person(PASSPORT);
    const checks = await analysed(await verify('unreadable-1', [{ docType: 'PASSPORT', side: 'front', png: documentPhoto() }], truth));
    expect(checks['document-read']).toMatchObject({ verdict: 'needs-review', detail: expect.stringMatching(/^Unreadable \(front: .+\)$/) });
    expect(checks['data-matches-document'].verdict).toBe('needs-review');
    // The prechecks of the submission are still there.
    expect(checks['document-not-expired']).toBeDefined();
  }, 60_000);

  it('reads the photo at upload, to pre-fill the personal data', async () => {
    const truth = person(PASSPORT);
    const document = await renderFakeDocument(truth);
    const widget = await widgetSession(t.server, owner, org.id, 'prefill-1');
    const front = await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'PASSPORT', side: 'front', data: png(document.pages[0].png) })
      .expect(200);
    expect(front.body.readFromPhoto).toEqual({
      name: expect.any(String),
      dateOfBirth: truth.dateOfBirth,
      sex: truth.sex,
      docNumber: truth.docNumber,
      expiryDate: truth.expiryDate,
    });
    // The name as the zone spells it (no diacritics), in reading order: every typed word is there.
    const words = (value: string) =>
      value
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toUpperCase()
        .split(/[^A-Z]+/)
        .filter(Boolean)
        .sort();
    expect(words(front.body.readFromPhoto.name)).toEqual(words(truth.name!));
    // A selfie carries nothing to read.
    const selfie = await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'SELFIE', data: png(pngImage(30, 40)) })
      .expect(200);
    expect(selfie.body.readFromPhoto).toBeNull();
  }, 60_000);

  describe('photo quality at capture', () => {
    const widgetFor = (userId: string) => widgetSession(t.server, owner, org.id, userId);
    const blurred = async (photo: Buffer) => sharp(photo).blur(6).png().toBuffer();
    let staff: Record<string, string>;
    beforeAll(async () => {
      staff = await sessionHeaders(t, owner);
    });
    const settings = (photoQuality?: object) =>
      request(t.server)
        .put(`/api/projects/${org.id}/verification-settings`)
        .set(staff)
        .send({ allowCompanyKeyLinks: true, redirectAllowList: [], ...(photoQuality ? { photoQuality } : {}) });

    it('refuses a blurry document photo with what to fix, and keeps nothing', async () => {
      const widget = await widgetFor('blurry-1');
      const res = await request(t.server)
        .post('/api/kyc/documents')
        .set(widget)
        .send({ docType: 'PASSPORT', side: 'front', data: png(await blurred(documentPhoto())) })
        .expect(422);
      expect(res.body).toMatchObject({ code: 'PHOTO_QUALITY', message: 'The photo is blurry — hold still and retake' });
      const session = await request(t.server).get('/api/kyc/session').set(widget).expect(200);
      expect(session.body.images).toEqual([]);
    });

    it('keeps the measures of an accepted photo for the reviewer', async () => {
      const widget = await widgetFor('measured-1');
      await request(t.server)
        .post('/api/kyc/documents')
        .set(widget)
        .send({ docType: 'PASSPORT', side: 'front', data: png(documentPhoto()) })
        .expect(200);
      const details = await request(t.server).get(`/api/projects/${org.id}/applicants/measured-1`).set(owner.auth).expect(200);
      expect(details.body.identity.images[0].quality).toEqual({
        width: 800,
        height: 520,
        sharpness: expect.any(Number),
        glare: 0,
        brightness: expect.any(Number),
      });
    });

    it('follows the thresholds the organization sets, and only measures when it does not enforce them', async () => {
      const stored = await settings({ enforce: false, minSharpness: 120, maxGlare: 0.04, minBrightness: 60, minShortSide: 500 }).expect(200);
      expect(stored.body.photoQuality).toMatchObject({ enforce: false });
      const widget = await widgetFor('lenient-1');
      await request(t.server)
        .post('/api/kyc/documents')
        .set(widget)
        .send({ docType: 'PASSPORT', side: 'front', data: png(await blurred(documentPhoto())) })
        .expect(200);
      // Omitting photoQuality keeps it; a stricter size refuses a photo the defaults accept.
      expect((await settings().expect(200)).body.photoQuality).toMatchObject({ enforce: false });
      await settings({ enforce: true, minSharpness: 120, maxGlare: 0.04, minBrightness: 60, minShortSide: 1000 }).expect(200);
      const small = await request(t.server)
        .post('/api/kyc/documents')
        .set(await widgetFor('strict-1'))
        .send({ docType: 'PASSPORT', side: 'front', data: png(documentPhoto()) })
        .expect(422);
      expect(small.body.message).toBe('The photo is too small — move closer or use a better camera');
      await settings({ enforce: true, minSharpness: 120, maxGlare: 0.04, minBrightness: 60, minShortSide: 500 }).expect(200);
      await settings({ enforce: true, minSharpness: -1, maxGlare: 2, minBrightness: 60, minShortSide: 500 }).expect(400);
    });
  });
});
