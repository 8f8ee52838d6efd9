import { createHmac } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { StatusBus } from '../../server/common/events/status-bus.js';
import type { ApplicantStatusEvent } from '../../server/common/events/status-event.js';
import { WebhookEvent } from '../../server/webhooks/webhook-event.entity.js';
import { createOrganization, seedApplicants, type TestOrganization } from '../fixtures/organizations.js';
import { documentPhoto, pngImage } from '../fixtures/images.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { driveClock } from '../support/clock.js';

const SUMSUB_WEBHOOK_SECRET = 'lifecycle-sumsub-secret';
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

/**
 * Every caller changes an applicant through the ApplicantLifecycle: each change leaves
 * its audit entry, its webhook outbox row and its status event, stamped by the injected
 * clock; simultaneous changes based on one version leave one winner.
 */
describe('the applicant lifecycle, one door for every change', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;
  let clock: ReturnType<typeof driveClock>;
  const announced: ApplicantStatusEvent[] = [];
  const unsubscribe: (() => void)[] = [];

  beforeAll(async () => {
    t = await startTestApp({ SUMSUB_APP_TOKEN: 'sbx:token', SUMSUB_SECRET_KEY: 'secret', SUMSUB_WEBHOOK_SECRET, DECISION_UNDO_WINDOW_SECONDS: '0' });
    owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    org = await createOrganization(t, owner);
    clock = driveClock(t);
  });
  afterAll(async () => {
    unsubscribe.forEach((stop) => stop());
    clock.restore();
    await t.close();
  });

  const ds = () => t.app.get(DataSource);
  const applicant = (userId: string) => ds().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
  const auditOf = async (userId: string) => {
    const { id } = await applicant(userId);
    return ds()
      .getRepository(AuditEvent)
      .find({ where: { applicantId: id }, order: { createdAt: 'ASC' } });
  };
  const webhooksOf = (userId: string) =>
    ds()
      .getRepository(WebhookEvent)
      .find({ where: { organizationId: org.id, applicantUserId: userId }, order: { createdAt: 'ASC' } });
  const listen = (userId: string) => {
    unsubscribe.push(t.app.get(StatusBus).subscribe(org.id, userId, (event) => announced.push(event)));
  };
  const announcedFor = (userId: string) => announced.filter((event) => event.userId === userId).map((event) => event.status);

  it('staff decision: audited as the reviewer, a decided webhook, the completed status announced, the clock stamped', async () => {
    await seedApplicants(t, org.id, [{ userId: 'staff-1', kycStatus: 'queued', reviewAnswer: null }]);
    listen('staff-1');
    const at = clock.advance(60_000);
    await request(t.server)
      .post(`/api/projects/${org.id}/applicants/staff-1/approve`)
      .set(await sessionHeaders(t, owner))
      .send({})
      .expect(200);

    const row = await applicant('staff-1');
    expect(row).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'approved', version: 2 });
    expect(row.decidedAt?.getTime()).toBe(at.getTime());
    expect(row.updatedAt.getTime()).toBe(at.getTime());
    expect((await auditOf('staff-1')).map((e) => [e.action, e.actorName])).toEqual([['applicant.approved', owner.user.username]]);
    expect((await webhooksOf('staff-1')).map((e) => e.type)).toEqual(['applicant.decided']);
    expect(announcedFor('staff-1')).toEqual(['completed']);
  });

  it('verification page submission: audited as the applicant, submitted and prechecked webhooks, processing announced', async () => {
    const token = (
      await request(t.server).get('/api/kyc/get-new-token').query({ userId: 'widget-1' }).set('Authorization', `Bearer ${org.companyKey}`).expect(200)
    ).body.token as string;
    const widget = { Authorization: `Bearer ${token}` };
    listen('widget-1');
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'PASSPORT', data: dataUrl(documentPhoto()) })
      .expect(200);
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'SELFIE', data: dataUrl(pngImage(30, 40)) })
      .expect(200);
    await request(t.server)
      .put('/api/kyc/personal-data')
      .set(widget)
      .send({ name: 'Ana Souza', dateOfBirth: '1990-05-17', docNumber: 'L1234567', expiryDate: '2031-01-01', country: 'Brazil' })
      .expect(200);
    // The steps before submission change the applicant through the lifecycle too, but announce nothing.
    expect(announcedFor('widget-1')).toEqual([]);
    const at = clock.advance(60_000);
    await request(t.server).post('/api/kyc/submit').set(widget).expect(200);

    const row = await applicant('widget-1');
    expect(row.kycStatus).toBe('queued');
    expect(row.submittedAt?.getTime()).toBe(at.getTime());
    const trail = await auditOf('widget-1');
    expect(trail.map((e) => e.action)).toEqual([
      'verification.session_created',
      'applicant.photo_uploaded',
      'applicant.photo_uploaded',
      'applicant.data_entered',
      'applicant.submitted',
      'applicant.prechecked',
    ]);
    // Every step names the session and the caller's address, and the end user as the actor.
    const sessionId = (trail[0].detail as { sessionId?: string }).sessionId;
    expect(sessionId).toEqual(expect.any(String));
    for (const entry of trail.slice(1)) {
      expect(entry.actorName).toBe('applicant');
      expect(entry.detail).toMatchObject({ sessionId, ip: expect.stringMatching(/127\.0\.0\.1/) });
    }
    // One transaction, one instant of the (frozen) clock: both events, in either order of rows.
    expect((await webhooksOf('widget-1')).map((e) => e.type).sort()).toEqual(['applicant.prechecked', 'applicant.submitted']);
    expect(announcedFor('widget-1')).toEqual(['processing']);
  });

  it('Sumsub webhook: audited as the provider, a decided webhook, the failed status announced', async () => {
    await seedApplicants(t, org.id, [{ userId: 'sumsub-1', kycStatus: 'queued', reviewAnswer: null }]);
    listen('sumsub-1');
    const body = JSON.stringify({
      type: 'applicantReviewed',
      externalUserId: `${org.id}:sumsub-1`,
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', moderationComment: 'Forged document' },
    });
    await request(t.server)
      .post('/api/kyc/sumsub/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Payload-Digest', createHmac('sha256', SUMSUB_WEBHOOK_SECRET).update(body).digest('hex'))
      .send(body)
      .expect(200, { applied: true });

    expect(await applicant('sumsub-1')).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'rejected', rejectType: 'final' });
    expect((await auditOf('sumsub-1')).map((e) => [e.action, e.actorName])).toEqual([['applicant.rejected', 'sumsub']]);
    expect((await webhooksOf('sumsub-1')).map((e) => e.type)).toEqual(['applicant.decided']);
    expect(announcedFor('sumsub-1')).toEqual(['failed']);
  });

  it('staff edit and reset: each audited, sent as a webhook and announced', async () => {
    await seedApplicants(t, org.id, [{ userId: 'staff-2', kycStatus: 'queued', reviewAnswer: null }]);
    listen('staff-2');
    await request(t.server)
      .put(`/api/projects/${org.id}/applicants/staff-2`)
      .set(await sessionHeaders(t, owner))
      .send({ name: 'Corrected Name' })
      .expect(200);
    clock.advance(1000); // the outbox orders events by the injected clock
    await request(t.server)
      .post(`/api/projects/${org.id}/applicants/staff-2/reset`)
      .set(await sessionHeaders(t, owner))
      .send({ reason: 'Start again' })
      .expect(200);
    expect((await auditOf('staff-2')).map((e) => e.action)).toEqual(['applicant.updated', 'applicant.reset']);
    expect((await webhooksOf('staff-2')).map((e) => e.type)).toEqual(['applicant.updated', 'applicant.reset']);
    expect(announcedFor('staff-2')).toEqual(['processing', 'pending']);
    expect((await applicant('staff-2')).version).toBe(3);
  });

  it('two simultaneous decisions on the version both reviewers saw: exactly one wins, the other gets 409 APPLICANT_CHANGED', async () => {
    await seedApplicants(t, org.id, [{ userId: 'race-1', kycStatus: 'queued', reviewAnswer: null }]);
    const path = `/api/projects/${org.id}/applicants/race-1`;
    const seen = (await request(t.server).get(path).set(owner.auth).expect(200)).body.applicant.version as number;

    const [approve, reject] = await Promise.all([
      request(t.server)
        .post(`${path}/approve`)
        .set(await sessionHeaders(t, owner))
        .send({ version: seen }),
      request(t.server)
        .post(`${path}/reject`)
        .set(await sessionHeaders(t, owner))
        .send({ version: seen, reason: 'Blurred', rejectType: 'final' }),
    ]);

    const statuses = [approve.status, reject.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = approve.status === 409 ? approve : reject;
    expect(loser.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'APPLICANT_CHANGED',
      message: 'Someone else changed this applicant in the meantime; reload it and try again',
    });
    const winner = approve.status === 200 ? 'approved' : 'rejected';
    expect(await applicant('race-1')).toMatchObject({ reviewAnswer: winner, version: seen + 1 });
    const changes = (await auditOf('race-1')).filter((e) => e.action !== 'applicant.viewed');
    expect(changes.map((e) => e.action)).toEqual([`applicant.${winner}`]);
    expect(await webhooksOf('race-1')).toHaveLength(1);
  });

  it('a change sent with a stale version changes nothing; without a version it applies as before', async () => {
    await seedApplicants(t, org.id, [{ userId: 'stale-1', kycStatus: 'queued', reviewAnswer: null }]);
    const path = `/api/projects/${org.id}/applicants/stale-1`;
    await request(t.server)
      .post(`${path}/hold`)
      .set(await sessionHeaders(t, owner))
      .send({ reason: 'Proof of address' })
      .expect(200);
    const res = await request(t.server)
      .post(`${path}/approve`)
      .set(await sessionHeaders(t, owner))
      .send({ version: 1 })
      .expect(409);
    expect(res.body.code).toBe('APPLICANT_CHANGED');
    expect((await applicant('stale-1')).kycStatus).toBe('onHold');
    await request(t.server)
      .post(`${path}/approve`)
      .set(await sessionHeaders(t, owner))
      .expect(200);
    expect(await applicant('stale-1')).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'approved', version: 3 });
  });
});
