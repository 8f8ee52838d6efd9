import request from 'supertest';
import { DataSource, In } from 'typeorm';
import { AnalysisJob } from '../../server/applicants/analysis/analysis-job.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { fakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { onScreen } from '../fixtures/document-attacks.js';
import { createOrganization, type TestOrganization } from '../fixtures/organizations.js';
import { submitVerification } from '../fixtures/verification.js';
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
interface AuditItem {
  action: string;
  actorName: string;
  detail: Record<string, unknown>;
}

/**
 * The document analysis measures liveness signals on the document photos and records a
 * `document-liveness` check (a signal, never a verdict of failure); the organization's
 * policy queues a submission on the signals it names.
 */
describe('document liveness signals', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;
  const person = fakeApplicant(1, { seed: 'document-reading', now: new Date('2026-06-01T00:00:00Z') });
  let passport: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ ANALYSIS_THREADS: '1' });
    owner = await createUser(t);
    org = await createOrganization(t, owner);
    passport = (await renderFakeDocument(person)).pages[0]!.png;
  }, 60_000);
  afterAll(() => t.close());

  const setPolicy = async (queueOnDocumentSignals?: string[]) =>
    request(t.server)
      .put(`/api/projects/${org.id}/verification-policy`)
      .set(await sessionHeaders(t, owner))
      // Nothing required, automatic approval on: only what a check flags holds the applicant.
      .send({ requiredChecks: [], autoApprove: true, autoReject: false, faceMatchThreshold: null, screeningThreshold: 0.9, queueOnDocumentSignals })
      .expect(200);

  /** Submits the photo as the passport's front and waits for every analysis and the policy's word. */
  async function submit(userId: string, photo: Buffer): Promise<{ checks: Record<string, Check>; policy: AuditItem }> {
    await submitVerification(t.server, owner, org.id, userId, [{ docType: 'PASSPORT', side: 'front', png: photo }], person);
    const data = t.app.get(DataSource);
    const applicant = await data.getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
    await waitUntil(
      async () => {
        const rows = await data.getRepository(AnalysisJob).findBy({ applicantId: applicant.id, kind: In(['document', 'face', 'screening']) });
        return rows.length === 3 && rows.every((row) => row.status === 'done') ? true : undefined;
      },
      60_000,
      `the analyses of ${userId}`,
    );
    const checks = (await request(t.server).get(`/api/projects/${org.id}/applicants/${userId}/checks`).set(owner.auth).expect(200)).body as Check[];
    const policy = await waitUntil(
      async () => {
        const items = (
          await request(t.server)
            .get(`/api/projects/${org.id}/applicants/${userId}/activity`)
            .query({ pageSize: 100 })
            .set(await sessionHeaders(t, owner))
            .expect(200)
        ).body.items as AuditItem[];
        return items.find((entry) => entry.action === 'applicant.policy_queued' && entry.actorName === 'policy');
      },
      10_000,
      `the policy's word on ${userId}`,
    );
    return { checks: Object.fromEntries(checks.map((check) => [check.name, check])), policy };
  }

  it('flags a photo of a screen for a person, with the region, and the policy queues it under its own rule', async () => {
    await setPolicy();
    const { checks, policy } = await submit('screen-1', await onScreen(passport));
    expect(checks['document-liveness']).toMatchObject({
      verdict: 'needs-review',
      detail: 'Suspected screen capture (front): a signal for a person to look at, not a certification',
      evidence: { suspected: ['screen'] },
    });
    const [photo] = (checks['document-liveness']!.evidence as { photos: { side: string; signals: { kind: string; suspected: boolean; region: object }[] }[] })
      .photos;
    expect(photo).toMatchObject({ side: 'front', analysed: true });
    expect(photo!.signals.find((signal) => signal.kind === 'screen')).toMatchObject({
      suspected: true,
      region: { x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) },
    });
    expect(policy.detail).toMatchObject({
      rule: 'queue:document-liveness-signal',
      reason: 'Suspected screen capture on the document photo: a signal for a person to look at, not a certification',
    });
  }, 120_000);

  it('passes the genuine photo of the same passport', async () => {
    await setPolicy();
    const { checks, policy } = await submit('genuine-1', passport);
    expect(checks['document-liveness']).toMatchObject({ verdict: 'passed', evidence: { suspected: [] } });
    // The blank selfie is what holds it here, not a liveness signal.
    expect(policy.detail).toMatchObject({ rule: 'queue:check-failed' });
    expect(policy.detail.reason).not.toMatch(/document-liveness/);
  }, 120_000);

  it('holds nothing on a signal the policy does not queue on (the reviewer still sees it)', async () => {
    await setPolicy(['print', 'edited']);
    const { checks, policy } = await submit('screen-2', await onScreen(passport));
    expect(checks['document-liveness']).toMatchObject({ verdict: 'needs-review', evidence: { suspected: ['screen'] } });
    expect(policy.detail).toMatchObject({ rule: 'queue:check-failed' });
    expect(policy.detail.reason).not.toMatch(/document-liveness/);
  }, 120_000);
});
