import request from 'supertest';
import { DataSource } from 'typeorm';
import { AnalysisJob } from '../../server/applicants/analysis/analysis-job.entity.js';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { fakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { galleryFace, poseChallengePhotos } from '../fixtures/face-photos.js';
import { dataUrl } from '../fixtures/images.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { widgetSession } from '../fixtures/verification.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { waitUntil } from '../support/wait.js';

interface Check {
  name: string;
  verdict: string;
  detail: string;
  evidence: Record<string, unknown> | null;
}

const OBS = { source: 'camera', deviceLabel: 'OBS Virtual Camera', frameIntervalsMs: [33.1, 34.2, 32.9, 33.6, 33.3, 32.4, 34.0, 33.2, 33.5, 33.0] };
const WEBCAM = { ...OBS, deviceLabel: 'Integrated Webcam (0bda:5634)' };

/**
 * Injection signals (issue 35 part 4): the verification page reports how each selfie was
 * captured; the server validates the report, stores it with the photo, and the face
 * analysis turns it into signals on the `liveness` check that the policy can queue on.
 */
describe('injection signals from the verification page', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;
  let index = 0;

  beforeAll(async () => {
    t = await startTestApp({ ANALYSIS_THREADS: '1' });
    owner = await createUser(t);
    org = await createOrganization(t, owner);
  }, 60_000);
  afterAll(() => t.close());

  const setPolicy = async (queueOnInjectionSignals?: string[]) =>
    request(t.server)
      .put(`/api/projects/${org.id}/verification-policy`)
      .set(await sessionHeaders(t, owner))
      // Nothing required, automatic approval on: only what a check flags holds the applicant.
      .send({ requiredChecks: [], autoApprove: true, autoReject: false, faceMatchThreshold: null, screeningThreshold: 0.9, queueOnInjectionSignals })
      .expect(200);

  /** A passport holder through the widget, the selfie pair sent with `capture`; submitted. */
  async function submit(userId: string, capture: Record<string, unknown>) {
    index += 1;
    let person = fakeApplicant(index, { seed: 'injection-signals', now: new Date('2026-06-01T00:00:00Z') });
    while (person.documentType !== 'PASSPORT') person = fakeApplicant(++index, { seed: 'injection-signals', now: new Date('2026-06-01T00:00:00Z') });
    const document = await renderFakeDocument(person, { face: await galleryFace(1) });
    const widget = await widgetSession(t.server, owner, org.id, userId);
    const session = (await request(t.server).get('/api/kyc/session').set(widget).expect(200)).body;
    const { facing, turned } = await poseChallengePhotos(session.selfieChallenge.turn);
    const upload = (body: Record<string, unknown>) => request(t.server).post('/api/kyc/documents').set(widget).send(body);
    await upload({ docType: 'PASSPORT', side: 'front', data: dataUrl('image/png', document.pages[0]!.png) }).expect(200);
    await upload({ docType: 'SELFIE', pose: 'facing', data: dataUrl('image/jpeg', facing), capture }).expect(200);
    await upload({ docType: 'SELFIE', pose: 'turned', data: dataUrl('image/jpeg', turned), capture }).expect(200);
    const { name, dateOfBirth, docNumber, expiryDate, country, sex } = person;
    await request(t.server).put('/api/kyc/personal-data').set(widget).send({ name, dateOfBirth, docNumber, expiryDate, country, sex }).expect(200);
    await request(t.server).post('/api/kyc/submit').set(widget).expect(200);
  }

  /** The liveness check and the policy's rule, once every analysis is done. */
  async function outcome(userId: string): Promise<{ liveness: Check; rule: unknown }> {
    const data = t.app.get(DataSource);
    const applicant = await data.getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
    await waitUntil(
      async () => {
        const rows = await data.getRepository(AnalysisJob).findBy({ applicantId: applicant.id });
        return rows.length >= 3 && rows.every((row) => row.status === 'done') ? true : undefined;
      },
      120_000,
      `the analyses of ${userId}`,
    );
    const checks = (await request(t.server).get(`/api/projects/${org.id}/applicants/${userId}/checks`).set(owner.auth).expect(200)).body as Check[];
    const queued = await waitUntil(
      async () => {
        const items = (
          await request(t.server)
            .get(`/api/projects/${org.id}/applicants/${userId}/activity`)
            .query({ pageSize: 100 })
            .set(await sessionHeaders(t, owner))
            .expect(200)
        ).body.items as { action: string; actorName: string; detail: Record<string, unknown> }[];
        return items.find((entry) => entry.actorName === 'policy' && entry.action.startsWith('applicant.policy_'));
      },
      20_000,
      `the policy's word on ${userId}`,
    );
    return { liveness: checks.find((check) => check.name === 'liveness')!, rule: queued.detail.rule };
  }

  it('refuses a capture report it cannot trust with a clear 400, keeps nothing of that upload, and takes the photo once the report is valid', async () => {
    const widget = await widgetSession(t.server, owner, org.id, 'bad-report-1');
    const photo = dataUrl('image/jpeg', await galleryFace(0));
    const refused = async (capture: unknown, field: RegExp) => {
      const response = await request(t.server)
        .post('/api/kyc/documents')
        .set(widget)
        .send({ docType: 'SELFIE', pose: 'facing', data: photo, capture })
        .expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(response.body.message)).toMatch(field);
    };
    await refused({ ...WEBCAM, source: 'webcam' }, /source/);
    await refused({ ...WEBCAM, deviceLabel: 'x'.repeat(201) }, /deviceLabel/);
    await refused({ ...WEBCAM, frameIntervalsMs: ['33'] }, /frameIntervalsMs/);
    await refused({ ...WEBCAM, frameIntervalsMs: Array.from({ length: 121 }, () => 33) }, /frameIntervalsMs/);
    await refused({ ...WEBCAM, frameIntervalsMs: [33, 1e9] }, /frameIntervalsMs/);
    await refused({ ...WEBCAM, injected: true }, /injected/);
    const session = (await request(t.server).get('/api/kyc/session').set(widget).expect(200)).body;
    expect(session.images.filter((image: { docType: string }) => image.docType === 'SELFIE')).toEqual([]);
    // Nothing lost: the same photo with a valid report is taken, and the report kept with it.
    await request(t.server).post('/api/kyc/documents').set(widget).send({ docType: 'SELFIE', pose: 'facing', data: photo, capture: WEBCAM }).expect(200);
    const applicant = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: 'bad-report-1' });
    const stored = await t.app.get(DataSource).getRepository(ApplicantImage).findOneByOrFail({ applicantId: applicant.id, docType: 'SELFIE' });
    expect(stored.capture).toEqual(WEBCAM);
  }, 60_000);

  it('names a virtual camera on the liveness check, and the policy queues it under its own rule', async () => {
    await setPolicy();
    await submit('obs-1', OBS);
    const { liveness, rule } = await outcome('obs-1');
    expect(liveness.verdict).toBe('needs-review');
    expect(liveness.detail).toContain('virtual camera (OBS Virtual Camera)');
    expect(liveness.evidence).toMatchObject({ injectionSuspected: ['virtual-camera'] });
    expect(rule).toBe('queue:injection-signal');
  }, 180_000);

  it('holds nothing on a signal the policy does not queue on, and raises none for an ordinary webcam', async () => {
    await setPolicy(['file-chosen', 'frame-timing']);
    await submit('obs-2', OBS);
    const shown = await outcome('obs-2');
    expect(shown.liveness.evidence).toMatchObject({ injectionSuspected: ['virtual-camera'] });
    expect(shown.rule).not.toBe('queue:injection-signal');
    await setPolicy();
    await submit('webcam-1', WEBCAM);
    const plain = await outcome('webcam-1');
    expect(plain.liveness.evidence).toMatchObject({ injectionSuspected: [] });
    expect(plain.rule).not.toBe('queue:injection-signal');
  }, 300_000);
});
