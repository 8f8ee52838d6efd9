import { readFileSync } from 'node:fs';
import request from 'supertest';
import { DataSource, In } from 'typeorm';
import { AnalysisJob } from '../../server/applicants/analysis/analysis-job.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { fakeApplicant, type FakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { submitVerification } from '../fixtures/verification.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { repository, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { waitUntil } from '../support/wait.js';

interface Hit {
  key: string;
  list: string;
  externalId: string;
  name: string;
  aliases: string[];
  datesOfBirth: string[];
  nationalities: string[];
  programmes: string[];
  score: number;
  matchedFields: string[];
  review: { verdict: string; note: string; reviewedBy: string } | null;
}
interface Check {
  name: string;
  verdict: string;
  detail: string;
  score: number | null;
  evidence: {
    status: string;
    threshold: number;
    hits: Hit[];
    lists: { source: string; version: string | null }[];
    screened?: { name: string | null; dateOfBirth: string | null; nationality: string | null };
  } | null;
}

const now = new Date('2026-06-01T00:00:00Z');
/** The generated submissions have no real selfie: their face checks fail, and an approval past them takes a reason. */
const PAST_FACE_CHECKS = { overrideReason: 'Face checks do not apply to these generated submissions' };
const OFAC = readFileSync(new URL('../fixtures/sanctions/ofac-sdn.csv', import.meta.url));
/** The same list, a later version: one more listed person (before OFAC's end-of-file byte). */
const OFAC_LATER = Buffer.concat([
  OFAC.subarray(0, OFAC.length - 1),
  Buffer.from('9501,"OLIVEIRA, Marta Helena","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 02 Feb 1980; nationality Brazil."\r\n\x1a'),
]);

/**
 * Sanctions screening in the analysis pipeline: the `sanctions-screening` check recorded
 * for each submission, its hits reviewed by staff, and ongoing monitoring after a list changes.
 */
describe('sanctions screening', () => {
  let t: TestApp;
  let owner: TestUser;
  let superAdmin: TestUser;
  let org: TestOrganization;
  let receiver: WebhookReceiver;
  let index = 0;

  beforeAll(async () => {
    t = await startTestApp({ ANALYSIS_THREADS: '1', ALLOW_PRIVATE_WEBHOOKS: 'true', SCREENING_MONITORING_YEARS: '3' });
    receiver = await startWebhookReceiver();
    owner = await createUser(t);
    await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, owner))
      .send({ webhook: receiver.url })
      .expect(200);
    superAdmin = await createUser(t, { role: 'super-admin' });
    org = await createOrganization(t, owner);
  }, 60_000);
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const data = () => t.app.get(DataSource);
  const importList = async (content: Buffer, name: string) =>
    request(t.server)
      .post('/api/sanctions-lists/imports')
      .set(await sessionHeaders(t, superAdmin))
      .attach('file', content, name)
      .expect(201);

  /**
   * Submits a generated passport with the identity typed as given — the passport's own, unless
   * `person` is another; resolves when the analysis jobs are done. (A country the fake documents
   * do not draw, such as Russia, gives the specimen state UTO, which stands for no country.)
   */
  async function submit(
    userId: string,
    typed: Pick<FakeApplicant, 'name' | 'dateOfBirth' | 'country'>,
    person: FakeApplicant = { ...nextPassportHolder(), ...typed },
  ): Promise<Applicant> {
    const document = await renderFakeDocument(person);
    await submitVerification(t.server, owner, org.id, userId, [{ docType: 'PASSPORT', side: 'front', png: document.pages[0].png }], { ...person, ...typed });
    const applicant = await data().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
    await jobsDone(applicant.id, ['document', 'face', 'screening']);
    return applicant;
  }

  async function jobsDone(applicantId: string, kinds: string[]): Promise<void> {
    const jobs = data().getRepository(AnalysisJob);
    await waitUntil(
      async () => {
        const rows = await jobs.findBy({ applicantId, kind: In(kinds) });
        return rows.length === kinds.length && rows.every((row) => row.status === 'done') ? true : undefined;
      },
      60_000,
      `the ${kinds.join(', ')} jobs of ${applicantId}`,
    );
  }

  async function screeningCheck(userId: string): Promise<Check> {
    const checks = (await request(t.server).get(`/api/projects/${org.id}/applicants/${userId}/checks`).set(owner.auth).expect(200)).body as Check[];
    const check = checks.find((candidate) => candidate.name === 'sanctions-screening');
    if (!check) throw new Error(`no sanctions-screening check for ${userId}`);
    return check;
  }

  function nextPassportHolder(): FakeApplicant {
    for (;;) {
      index += 1;
      const person = fakeApplicant(index, { seed: 'screening', now });
      if (person.documentType === 'PASSPORT' && person.docNumber) return person;
    }
  }

  const applicantOf = (userId: string) => data().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });

  const review = async (userId: string, body: Record<string, unknown>, status = 200) =>
    (
      await request(t.server)
        .post(`/api/projects/${org.id}/applicants/${userId}/screening-reviews`)
        .set(await sessionHeaders(t, owner))
        .send(body)
        .expect(status)
    ).body;

  const screenNow = async (userId: string, status: number) =>
    (
      await request(t.server)
        .post(`/api/projects/${org.id}/applicants/${userId}/screening`)
        .set(await sessionHeaders(t, owner))
        .expect(status)
    ).body;

  /** The check once a screening against a list replaced the one recorded while no list was imported. */
  const screenedCheck = (userId: string) =>
    waitUntil(
      async () => {
        const check = await screeningCheck(userId);
        return check.evidence?.status === 'screened' ? check : undefined;
      },
      60_000,
      `the screening of ${userId} against a list`,
    );

  it('says plainly that an applicant was not screened while no list is imported; Screen now says why it cannot', async () => {
    await submit('before-lists', { name: 'Viktor Kovalenko', dateOfBirth: '1961-03-14', country: 'Russia' });
    const check = await screeningCheck('before-lists');
    expect(check.verdict).toBe('unavailable');
    expect(check.detail).toBe('No sanctions list is imported: the applicant was not screened');
    expect(await screenNow('before-lists', 409)).toMatchObject({ code: 'NO_SANCTIONS_LIST', message: expect.stringMatching(/^No sanctions list is imported/) });
    // Rejected while no list was imported: no rescreening picks it up later (only Screen now does).
    await submit('rejected-before-lists', { name: 'Hassan Ali Al-Rahmani', dateOfBirth: '1975-01-10', country: 'Yemen' });
    await request(t.server)
      .post(`/api/projects/${org.id}/applicants/rejected-before-lists/reject`)
      .set(await sessionHeaders(t, owner))
      .send({ reason: 'Blurred photo', rejectType: 'final' })
      .expect(200);
  }, 120_000);

  it('records a variant of a listed name as a hit: entity, list, programmes, score and the fields that matched', async () => {
    await importList(OFAC, 'sdn.csv');
    await submit('variant', { name: 'Victor Kovalenko', dateOfBirth: '1961-03-14', country: 'Russia' });
    const check = await screeningCheck('variant');
    expect(check.verdict).toBe('needs-review');
    expect(check.detail).toMatch(/^1 possible match on the sanctions lists: Viktor Ivanovich KOVALENKO \(OFAC SDN, /);
    expect(check.evidence).toMatchObject({ status: 'screened', threshold: 0.9, lists: [{ source: 'ofac-sdn' }] });
    const [hit] = check.evidence!.hits;
    // What the hit panel shows: the listed person's entry beside the applicant's values screened.
    expect(hit).toMatchObject({
      key: 'ofac-sdn:9101',
      list: 'ofac-sdn',
      externalId: '9101',
      name: 'Viktor Ivanovich KOVALENKO',
      aliases: ['Victor KOVALENKO'],
      datesOfBirth: ['1961-03-14'],
      nationalities: ['RU'],
      programmes: expect.arrayContaining(['UKRAINE-EO13660']),
      matchedFields: ['name', 'dateOfBirth', 'nationality'],
      review: null,
    });
    expect(check.evidence!.screened).toEqual({ name: 'Victor Kovalenko', dateOfBirth: '1961-03-14', nationality: 'RU' });
    expect(hit.score).toBeGreaterThanOrEqual(0.9);
    expect(check.score).toBe(hit.score);
    // A clean name on the same lists passes.
    await submit('clean', { name: 'Ana Beatriz Souza', dateOfBirth: '1990-05-04', country: 'Brazil' });
    expect(await screeningCheck('clean')).toMatchObject({ verdict: 'passed', detail: 'No match on OFAC SDN at threshold 0.90' });
  }, 120_000);

  it('screens an applicant submitted before the first import once a list is imported', async () => {
    const check = await screenedCheck('before-lists');
    expect(check).toMatchObject({ verdict: 'needs-review', evidence: { lists: [{ source: 'ofac-sdn' }], hits: [{ key: 'ofac-sdn:9101' }] } });
    // Awaiting a decision: the check asks the reviewer; nothing is decided for them.
    expect(await data().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: 'before-lists' })).toMatchObject({ kycStatus: 'queued' });
  }, 90_000);

  it('Screen now screens an applicant never screened against a list (audited), once; not one that never submitted', async () => {
    expect((await screeningCheck('rejected-before-lists')).evidence?.status).toBe('no-lists');
    expect(await screenNow('rejected-before-lists', 202)).toEqual({ lists: [{ source: 'ofac-sdn', version: null }] });
    const check = await screenedCheck('rejected-before-lists');
    expect(check).toMatchObject({
      verdict: 'needs-review',
      evidence: { hits: [{ key: 'ofac-sdn:9201', datesOfBirth: expect.arrayContaining(['1975']), nationalities: ['YE'] }] },
    });
    const trail = (
      await request(t.server)
        .get(`/api/projects/${org.id}/applicants/rejected-before-lists/activity`)
        .set(await sessionHeaders(t, owner))
        .expect(200)
    ).body.items as { action: string; actorName: string; detail: Record<string, unknown> }[];
    expect(trail.find((entry) => entry.action === 'applicant.screening_requested')).toMatchObject({
      actorName: owner.user.username,
      detail: { lists: [{ source: 'ofac-sdn' }], alreadyQueued: false },
    });
    // Screened now: asking again is refused; so is an applicant with nothing submitted, and another organization's.
    expect((await screenNow('rejected-before-lists', 409)).code).toBe('ALREADY_SCREENED');
    await data().getRepository(Applicant).save({ organizationId: org.id, userId: 'never-submitted', kycStatus: 'init' });
    expect((await screenNow('never-submitted', 409)).code).toBe('SCREENING_NOT_SUBMITTED');
    const stranger = await createUser(t);
    await request(t.server)
      .post(`/api/projects/${org.id}/applicants/before-lists/screening`)
      .set(await sessionHeaders(t, stranger))
      .expect(404);
  }, 90_000);

  it('screens at the threshold the organization set in its policy', async () => {
    // The listed name with another date of birth scores below the default threshold …
    await submit('other-birthday', { name: 'Viktor Kovalenko', dateOfBirth: '1990-01-01', country: 'Ukraine' });
    expect((await screeningCheck('other-birthday')).verdict).toBe('passed');
    // … and is a hit for an organization that screens more widely.
    const policy = (
      await request(t.server)
        .get(`/api/projects/${org.id}/verification-policy`)
        .set(await sessionHeaders(t, owner))
        .expect(200)
    ).body;
    await request(t.server)
      .put(`/api/projects/${org.id}/verification-policy`)
      .set(await sessionHeaders(t, owner))
      .send({ ...policy, customized: undefined, updatedBy: undefined, updatedAt: undefined, screeningThreshold: 0.75 })
      .expect(200);
    await submit('other-birthday-wide', { name: 'Viktor Kovalenko', dateOfBirth: '1990-01-01', country: 'Ukraine' });
    const check = await screeningCheck('other-birthday-wide');
    expect(check.verdict).toBe('needs-review');
    expect(check.evidence).toMatchObject({ threshold: 0.75, hits: [{ key: 'ofac-sdn:9101', matchedFields: ['name'] }] });
    await request(t.server)
      .put(`/api/projects/${org.id}/verification-policy`)
      .set(await sessionHeaders(t, owner))
      .send({ ...policy, customized: undefined, updatedBy: undefined, updatedAt: undefined })
      .expect(200);
  }, 120_000);

  it('lets staff mark a hit a false positive with a note (audited); the check then passes', async () => {
    const reviewed = await review('variant', { hit: 'ofac-sdn:9101', verdict: 'false-positive', note: 'Different person: born in Kyiv, passport checked' });
    expect(reviewed).toMatchObject({ name: 'sanctions-screening', verdict: 'passed', passed: true });
    expect(reviewed.detail).toMatch(/\(1 hit reviewed as a false positive\)$/);
    expect(reviewed.evidence.hits[0].review).toMatchObject({
      verdict: 'false-positive',
      note: 'Different person: born in Kyiv, passport checked',
      reviewedBy: owner.user.username,
    });
    const trail = (
      await request(t.server)
        .get(`/api/projects/${org.id}/applicants/variant/activity`)
        .set(await sessionHeaders(t, owner))
        .expect(200)
    ).body.items as { action: string; actorName: string; detail: Record<string, unknown> }[];
    expect(trail.find((entry) => entry.action === 'applicant.screening_hit_reviewed')).toMatchObject({
      actorName: owner.user.username,
      detail: { hit: 'ofac-sdn:9101', verdict: 'false-positive', note: 'Different person: born in Kyiv, passport checked', checkVerdict: 'passed' },
    });
    // The reviewer then approves the applicant.
    await request(t.server)
      .post(`/api/projects/${org.id}/applicants/variant/approve`)
      .set(await sessionHeaders(t, owner))
      .send(PAST_FACE_CHECKS)
      .expect(200);
  });

  it('refuses a review of a hit the check does not have, an empty note, and another organization', async () => {
    expect((await review('variant', { hit: 'ofac-sdn:36', verdict: 'true-match', note: 'x' }, 404)).code).toBe('SCREENING_HIT_NOT_FOUND');
    await review('variant', { hit: 'ofac-sdn:9101', verdict: 'false-positive', note: '   ' }, 400);
    await review('variant', { hit: 'ofac-sdn:9101', verdict: 'maybe', note: 'x' }, 400);
    const stranger = await createUser(t);
    await request(t.server)
      .post(`/api/projects/${org.id}/applicants/variant/screening-reviews`)
      .set(await sessionHeaders(t, stranger))
      .send({ hit: 'ofac-sdn:9101', verdict: 'true-match', note: 'x' })
      .expect(404);
  });

  it('a confirmed true match fails the check', async () => {
    const check = await review('other-birthday-wide', { hit: 'ofac-sdn:9101', verdict: 'true-match', note: 'Same person per the passport' });
    expect(check.verdict).toBe('failed');
    expect(check.detail).toMatch(/^Confirmed sanctions match: Viktor Ivanovich KOVALENKO/);
  });

  it('rescreens verified and undecided applicants after a list changes: a new hit holds a verified applicant and sends applicant.screening_hit; a false positive is not raised again', async () => {
    await submit('oliveira', { name: 'Marta Helena Oliveira', dateOfBirth: '1980-02-02', country: 'Brazil' });
    expect((await screeningCheck('oliveira')).verdict).toBe('passed');
    // Awaiting a decision when the list changes.
    await submit('oliveira-queued', { name: 'Marta Oliveira', dateOfBirth: '1980-02-02', country: 'Brazil' });
    expect((await screeningCheck('oliveira-queued')).verdict).toBe('passed');
    const staff = await sessionHeaders(t, owner);
    for (const userId of ['oliveira', 'clean'])
      await request(t.server).post(`/api/projects/${org.id}/applicants/${userId}/approve`).set(staff).send(PAST_FACE_CHECKS).expect(200);
    // Verified four years ago: outside SCREENING_MONITORING_YEARS (3), not rescreened.
    const longAgo = await submit('long-ago', { name: 'Marta Oliveira', dateOfBirth: '1980-02-02', country: 'Brazil' });
    await request(t.server).post(`/api/projects/${org.id}/applicants/long-ago/approve`).set(staff).send(PAST_FACE_CHECKS).expect(200);
    await repository(t, Applicant).update(longAgo.id, { decidedAt: new Date(Date.now() - 4 * 365 * 24 * 3600 * 1000) });
    const before = receiver.received.length;

    const imported = (await importList(OFAC_LATER, 'sdn-later.csv')).body as { id: string };
    const admin = await sessionHeaders(t, superAdmin);
    const run = await waitUntil(
      async () => {
        const runs = (await request(t.server).get('/api/sanctions-lists/rescreens').set(admin).expect(200)).body as {
          importId: string;
          finished: boolean;
          total: number;
        }[];
        const found = runs.find((candidate) => candidate.importId === imported.id);
        return found?.finished && found.total > 0 ? found : undefined;
      },
      60_000,
      'the rescreening to finish',
    );
    // variant, clean and oliveira were verified within three years; before-lists, other-birthday,
    // other-birthday-wide and oliveira-queued await a decision; rejected-before-lists is decided.
    expect(run).toMatchObject({ source: 'ofac-sdn', total: 7, screened: 7, failed: 0, hits: 2, finished: true });
    // The undecided applicant's check now asks about the new listed person; it stays queued for its reviewer.
    expect(await screeningCheck('oliveira-queued')).toMatchObject({
      verdict: 'needs-review',
      evidence: { hits: [{ key: 'ofac-sdn:9501', datesOfBirth: ['1980-02-02'], nationalities: ['BR'] }] },
    });
    expect(await data().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: 'oliveira-queued' })).toMatchObject({ kycStatus: 'queued' });
    expect(
      await data()
        .getRepository(AnalysisJob)
        .findOneBy({ applicantId: (await applicantOf('rejected-before-lists')).id, kind: 'rescreening' }),
    ).toBeNull();

    const held = await data().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: 'oliveira' });
    expect(held).toMatchObject({ kycStatus: 'onHold', reviewAnswer: null });
    const check = await screeningCheck('oliveira');
    expect(check).toMatchObject({ verdict: 'needs-review', evidence: { hits: [{ key: 'ofac-sdn:9501', name: 'Marta Helena OLIVEIRA' }] } });
    const parsed = () => receiver.received.slice(before).map((hook) => JSON.parse(hook.body) as { type: string; data: Record<string, unknown> });
    const events = await waitUntil(
      () => (parsed().some((event) => event.type === 'applicant.screening_hit') ? parsed() : undefined),
      10_000,
      'applicant.screening_hit',
    );
    expect(events.find((event) => event.type === 'applicant.screening_hit')).toMatchObject({
      data: { userId: 'oliveira', kycStatus: 'onHold', screening: { hits: [{ list: 'ofac-sdn', externalId: '9501', name: 'Marta Helena OLIVEIRA' }] } },
    });
    expect(events.find((event) => event.type === 'applicant.on_hold')).toMatchObject({ data: { userId: 'oliveira', kycStatus: 'onHold' } });
    expect(events.filter((event) => event.data.userId === 'oliveira-queued')).toEqual([]);

    // The false positive on unchanged data stays dismissed; the clean applicant stays clean.
    for (const userId of ['variant', 'clean']) {
      expect(await data().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId })).toMatchObject({
        kycStatus: 'completed',
        reviewAnswer: 'approved',
      });
    }
    expect(await screeningCheck('variant')).toMatchObject({
      verdict: 'passed',
      evidence: { hits: [{ key: 'ofac-sdn:9101', review: { verdict: 'false-positive' } }] },
    });
    expect(await data().getRepository(AnalysisJob).findOneBy({ applicantId: longAgo.id, kind: 'rescreening' })).toBeNull();
    expect(await data().getRepository(Applicant).findOneByOrFail({ id: longAgo.id })).toMatchObject({ kycStatus: 'completed' });
  }, 180_000);

  it('screens with the nationality the passport states once it is read, not the country typed', async () => {
    const listed = { name: 'Marta Helena Oliveira', dateOfBirth: '1980-02-02' };
    const applicant = await submit('typed-portugal', { ...listed, country: 'Portugal' }, { ...nextPassportHolder(), ...listed, country: 'Brazil' });
    expect((await data().getRepository(Applicant).findOneByOrFail({ id: applicant.id })).documentData).toMatchObject({ nationality: 'BRA' });
    // Listed as a national of Brazil: the nationality matches the passport's, which the typed Portugal would not.
    expect(await screeningCheck('typed-portugal')).toMatchObject({
      verdict: 'needs-review',
      evidence: { hits: [{ key: 'ofac-sdn:9501', matchedFields: ['name', 'dateOfBirth', 'nationality'] }] },
    });
  }, 120_000);

  it('shows rescreenings to super-admins only', async () => {
    for (const role of ['admin', 'kyc'] as const) {
      const user = await createUser(t, { role });
      await request(t.server)
        .get('/api/sanctions-lists/rescreens')
        .set(await sessionHeaders(t, user))
        .expect(403);
    }
  });
});
