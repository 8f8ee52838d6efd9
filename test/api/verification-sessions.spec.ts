import request from 'supertest';
import { DataSource } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { UNDO_WINDOW_MS } from '../../server/review/decisions/default-labels.js';
import { AbandonedCleanupService } from '../../server/kyc/abandoned-cleanup.service.js';
import { documentPhoto, pngImage } from '../fixtures/images.js';
import { addMember, createOrganization, seedApplicants, type TestOrganization } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { openSse } from '../support/sse.js';
import { createUser, type TestUser } from '../support/users.js';

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const PERSONAL = { name: 'Ana Souza', dateOfBirth: '1990-05-17', docNumber: 'X1234567', expiryDate: '2031-01-01', country: 'Brazil' };
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * The verification page's door (issue: sessions only their owner can use). Each attack
 * of the issue is one test here, run on SQLite and, in CI's second pass, on PostgreSQL.
 */
describe('verification sessions', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;

  beforeAll(async () => {
    // Behind a proxy: the tests speak for several addresses through X-Forwarded-For.
    t = await startTestApp({ TRUST_PROXY: 'true' });
    owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc', redirectUrl: 'https://shop.example.test/done' });
    org = await createOrganization(t, owner);
  });
  afterAll(() => t.close());

  const ds = () => t.app.get(DataSource);
  const applicant = (userId: string) => ds().getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
  const widget = (token: string) => ({ Authorization: `Bearer ${token}` });
  const companyKeyToken = (userId: string, ip = '203.0.113.10') =>
    request(t.server).get('/api/kyc/get-new-token').query({ userId }).set('Authorization', `Bearer ${org.companyKey}`).set('X-Forwarded-For', ip);
  const createSession = (body: object) =>
    request(t.server)
      .post('/api/kyc/sessions')
      .set(owner.auth)
      .send({ organizationId: org.id, ...body });
  const exchange = (secret: string) => request(t.server).post('/api/kyc/session-token').set(XHR).send({ session: secret });
  const secretOf = (url: string) => new URL(url).searchParams.get('session')!;

  async function completeAndSubmit(token: string) {
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget(token))
      .send({ docType: 'PASSPORT', data: dataUrl(documentPhoto()) })
      .expect(200);
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget(token))
      .send({ docType: 'SELFIE', data: dataUrl(pngImage(30, 40)) })
      .expect(200);
    await request(t.server).put('/api/kyc/personal-data').set(widget(token)).send(PERSONAL).expect(200);
    await request(t.server).post('/api/kyc/submit').set(widget(token)).expect(200);
  }

  describe('server-created session links', () => {
    it('gives the integrator a one-applicant link whose secret opens the widget with the data it prefilled', async () => {
      const res = await createSession({ userId: 'link-1', name: 'Maria Silva', dateOfBirth: '1985-02-03' }).expect(201);
      expect(res.body).toEqual({ sessionId: expect.any(String), url: expect.stringMatching(/\/kyc\?session=[\w-]{40,}$/), expiresAt: expect.any(String) });
      const expiresIn = new Date(res.body.expiresAt).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(23 * 3600_000);
      expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);

      const token = (await exchange(secretOf(res.body.url)).expect(200)).body;
      expect(token).toMatchObject({ scope: 'edit', token: expect.stringMatching(/^kyc_wt_/) });
      const session = await request(t.server).get('/api/kyc/session').set(widget(token.token)).expect(200);
      expect(session.body).toMatchObject({ userId: 'link-1', scope: 'edit', personalData: { name: 'Maria Silva', dateOfBirth: '1985-02-03' } });

      await completeAndSubmit(token.token);
      expect((await applicant('link-1')).kycStatus).toBe('queued');
    });

    it('works with the API key, the integrator-server way in', async () => {
      const keyed = await request(t.server)
        .get('/api/api-keys')
        .set(await sessionHeaders(t, owner))
        .expect(200);
      const res = await request(t.server)
        .post('/api/kyc/sessions')
        .set('Authorization', `Bearer ${keyed.body.apiKey}`)
        .send({ organizationId: org.id, userId: 'link-api-key' })
        .expect(201);
      await exchange(secretOf(res.body.url)).expect(200);
    });

    it("accepts a per-session redirect only on the organization's allowed list, and the page goes there", async () => {
      const refused = await createSession({ userId: 'link-2', redirectUrl: 'https://evil.example.test/phish' }).expect(400);
      expect(refused.body.code).toBe('REDIRECT_URL_NOT_ALLOWED');
      await request(t.server)
        .put(`/api/projects/${org.id}/verification-settings`)
        .set(await sessionHeaders(t, owner))
        .send({ allowCompanyKeyLinks: true, redirectAllowList: ['https://app.example.test/anything'] })
        .expect(200)
        .expect((res) => expect(res.body).toMatchObject({ allowCompanyKeyLinks: true, redirectAllowList: ['https://app.example.test'] }));
      const res = await createSession({ userId: 'link-2', redirectUrl: 'https://app.example.test/kyc/done?ref=42' }).expect(201);
      const { token } = (await exchange(secretOf(res.body.url)).expect(200)).body;
      const view = await request(t.server).get('/api/kyc/session').set(widget(token)).expect(200);
      expect(view.body.redirectUrl).toBe('https://app.example.test/kyc/done?ref=42');
    });

    it('revoked, its link and every token of the applicant stop working; another member of another organization cannot revoke it', async () => {
      const res = await createSession({ userId: 'link-3' }).expect(201);
      const { token } = (await exchange(secretOf(res.body.url)).expect(200)).body;
      const stranger = await createUser(t);
      await request(t.server).delete(`/api/kyc/sessions/${res.body.sessionId}`).set(stranger.auth).expect(404);
      await request(t.server).delete(`/api/kyc/sessions/${res.body.sessionId}`).set(owner.auth).expect(204);
      expect((await request(t.server).get('/api/kyc/session').set(widget(token)).expect(401)).body.code).toBe('invalid-token');
      expect((await exchange(secretOf(res.body.url)).expect(401)).body.code).toBe('SESSION_LINK_INVALID');
      const trail = await ds()
        .getRepository(AuditEvent)
        .findBy({ applicantId: (await applicant('link-3')).id, action: 'verification.session_revoked' });
      expect(trail).toHaveLength(1);
    });

    it('a new session for the same applicant ends the older link and its tokens', async () => {
      const first = await createSession({ userId: 'link-4' }).expect(201);
      const { token } = (await exchange(secretOf(first.body.url)).expect(200)).body;
      const second = await createSession({ userId: 'link-4' }).expect(201);
      await request(t.server).get('/api/kyc/session').set(widget(token)).expect(401);
      await exchange(secretOf(first.body.url)).expect(401);
      await exchange(secretOf(second.body.url)).expect(200);
    });

    it('a staff reset ends every token of the applicant', async () => {
      const res = await createSession({ userId: 'link-5' }).expect(201);
      const { token } = (await exchange(secretOf(res.body.url)).expect(200)).body;
      await request(t.server)
        .post(`/api/projects/${org.id}/applicants/link-5/reset`)
        .set(await sessionHeaders(t, owner))
        .send({ reason: 'Start again' })
        .expect(200);
      expect((await request(t.server).get('/api/kyc/session').set(widget(token)).expect(401)).body.code).toBe('invalid-token');
      await exchange(secretOf(res.body.url)).expect(401);
    });

    it('renewal never outlives the session: a token ends with its link', async () => {
      const clock = driveClock(t);
      try {
        const res = await createSession({ userId: 'link-6', expiresInMinutes: 5 }).expect(201);
        clock.advance(4 * 60_000);
        const renewed = (await exchange(secretOf(res.body.url)).expect(200)).body;
        expect(new Date(renewed.expiresAt).getTime()).toBe(new Date(res.body.expiresAt).getTime());
        clock.advance(2 * 60_000);
        await exchange(secretOf(res.body.url)).expect(401);
        await request(t.server).get('/api/kyc/session').set(widget(renewed.token)).expect(401);
      } finally {
        clock.restore();
      }
    });

    it('refuses a wrong secret with one clear error and nothing about any applicant', async () => {
      const res = await exchange('not-a-real-session-secret-at-all-000000').expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        code: 'SESSION_LINK_INVALID',
        message: 'This verification link is not valid or has expired. Ask for a new one.',
      });
    });
  });

  describe('the public companyKey link', () => {
    /** The one answer to every refusal of the public link. */
    const REFUSED = {
      statusCode: 409,
      error: 'Conflict',
      code: 'VERIFICATION_IN_PROGRESS',
      message: 'This verification was started elsewhere. Continue it with the link you were sent, or in the browser where you started it.',
    };

    // Security review, low (a status oracle): the public companyKey and a guessed userId
    // never tell how a verification went; only the browser that started it follows it.
    it('of a submitted applicant: the same refusal as one in progress, whatever the outcome; the browser that started it follows the status', async () => {
      await seedApplicants(
        t,
        org.id,
        [
          { userId: 'victim-1', kycStatus: 'completed', reviewAnswer: 'approved' },
          { userId: 'victim-1-rejected', kycStatus: 'completed', reviewAnswer: 'rejected' },
          { userId: 'victim-1-queued', kycStatus: 'queued' },
          { userId: 'victim-1-typing', kycStatus: 'pending' },
        ],
        { images: true },
      );
      for (const userId of ['victim-1', 'victim-1-rejected', 'victim-1-queued', 'victim-1-typing']) {
        const before = await applicant(userId);
        expect((await companyKeyToken(userId, '198.51.100.60').expect(409)).body).toEqual(REFUSED);
        expect(await applicant(userId)).toEqual(before);
      }

      const started = (await companyKeyToken('victim-1-own', '203.0.113.61').expect(200)).body;
      await completeAndSubmit(started.token);
      expect((await companyKeyToken('victim-1-own', '203.0.113.61').expect(409)).body).toEqual(REFUSED);
      const followed = (await exchange(started.resumeSecret).expect(200)).body;
      const view = await request(t.server).get('/api/kyc/session').set(widget(followed.token)).expect(200);
      expect(view.body).toMatchObject({ status: 'processing' });
    });

    it('of an applicant in progress: without the resume secret it reads nothing and changes nothing', async () => {
      const started = (await companyKeyToken('victim-2').expect(200)).body;
      expect(started).toMatchObject({ scope: 'edit', resumeSecret: expect.any(String) });
      await request(t.server).put('/api/kyc/personal-data').set(widget(started.token)).send(PERSONAL).expect(200);

      const attacker = await companyKeyToken('victim-2', '198.51.100.66').expect(409);
      expect(attacker.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        code: 'VERIFICATION_IN_PROGRESS',
        message: 'This verification was started elsewhere. Continue it with the link you were sent, or in the browser where you started it.',
      });
      expect(JSON.stringify(attacker.body)).not.toContain('Ana');

      const resumed = (await exchange(started.resumeSecret).expect(200)).body;
      const view = await request(t.server).get('/api/kyc/session').set(widget(resumed.token)).expect(200);
      expect(view.body.personalData.name).toBe('Ana Souza');
    });

    it('a new session link hides what an earlier session wrote', async () => {
      const started = (await companyKeyToken('victim-3').expect(200)).body;
      await request(t.server).put('/api/kyc/personal-data').set(widget(started.token)).send(PERSONAL).expect(200);
      await request(t.server)
        .post('/api/kyc/documents')
        .set(widget(started.token))
        .send({ docType: 'SELFIE', data: dataUrl(pngImage(30, 40)) })
        .expect(200);
      const link = await createSession({ userId: 'victim-3' }).expect(201);
      const { token } = (await exchange(secretOf(link.body.url)).expect(200)).body;
      const view = await request(t.server).get('/api/kyc/session').set(widget(token)).expect(200);
      expect(view.body.images).toEqual([]);
      expect(view.body.personalData.name).toBeNull();
      // Nor can it submit what it never saw.
      expect((await request(t.server).post('/api/kyc/submit').set(widget(token)).expect(400)).body.code).toBe('VERIFICATION_INCOMPLETE');
    });

    // Security finding 8: the public companyKey and a guessed userId never continue a verification
    // that has data or began with a server-created link; one answer for every such refusal.

    it('cannot take over a resubmission: only the browser that started it (its resume secret) or a new server link continues it', async () => {
      const clock = driveClock(t);
      try {
        const started = (await companyKeyToken('resubmit-victim', '192.0.2.90').expect(200)).body;
        await completeAndSubmit(started.token);
        const resubmission = (
          await request(t.server)
            .get(`/api/projects/${org.id}/decision-labels`)
            .set(await sessionHeaders(t, owner))
            .expect(200)
        ).body.find((label: { code: string }) => label.code === 'SELFIE_UNCLEAR');
        await request(t.server)
          .post(`/api/projects/${org.id}/applicants/resubmit-victim/request-resubmission`)
          .set(await sessionHeaders(t, owner))
          .send({ step: 'selfie', labelId: resubmission.id })
          .expect(200);
        clock.advance(UNDO_WINDOW_MS + 1000);
        const before = await applicant('resubmit-victim');

        // The attacker knows the public companyKey and the userId: refused, nothing changes.
        const attacker = await companyKeyToken('resubmit-victim', '198.51.100.90').expect(409);
        expect(attacker.body).toEqual(REFUSED);
        expect(await applicant('resubmit-victim')).toEqual(before);

        // The browser that started it continues with its resume secret, at the step asked for.
        const resumed = (await exchange(started.resumeSecret).expect(200)).body;
        expect(resumed.scope).toBe('edit');
        const view = await request(t.server).get('/api/kyc/session').set(widget(resumed.token)).expect(200);
        expect(view.body.resubmission).toMatchObject({ step: 'selfie' });
        await request(t.server)
          .post('/api/kyc/documents')
          .set(widget(resumed.token))
          .send({ docType: 'SELFIE', data: dataUrl(pngImage(30, 40)) })
          .expect(200);
        await request(t.server).post('/api/kyc/submit').set(widget(resumed.token)).expect(200);
      } finally {
        clock.restore();
      }
    });

    it('cannot continue an applicant whose server-created link was revoked or expired, with the same answer as any refusal', async () => {
      const clock = driveClock(t);
      try {
        // Revoked after the end user typed their data.
        const revoked = await createSession({ userId: 'linked-revoked' }).expect(201);
        const { token } = (await exchange(secretOf(revoked.body.url)).expect(200)).body;
        await request(t.server).put('/api/kyc/personal-data').set(widget(token)).send(PERSONAL).expect(200);
        await request(t.server).delete(`/api/kyc/sessions/${revoked.body.sessionId}`).set(owner.auth).expect(204);
        expect((await companyKeyToken('linked-revoked', '198.51.100.91').expect(409)).body).toEqual(REFUSED);

        // Expired before it was even opened: the integrator's link is the only door.
        await createSession({ userId: 'linked-expired', expiresInMinutes: 5 }).expect(201);
        const live = await companyKeyToken('linked-expired', '198.51.100.92').expect(409);
        clock.advance(6 * 60_000);
        const expired = await companyKeyToken('linked-expired', '198.51.100.92').expect(409);
        // Live, expired or revoked: one answer, so it tells nothing of the applicant's state.
        expect(live.body).toEqual(REFUSED);
        expect(expired.body).toEqual(REFUSED);
        expect((await applicant('linked-expired')).sessionGeneration).toBe(2);
        // A new link from the integrator's server still works.
        const again = await createSession({ userId: 'linked-expired' }).expect(201);
        await exchange(secretOf(again.body.url)).expect(200);
      } finally {
        clock.restore();
      }
    });

    it('still starts a new applicant, and one that was created but never begun', async () => {
      await companyKeyToken('fresh-applicant', '192.0.2.91').expect(200);
      // Created on the integrator's side, never begun (no link, nothing saved): the companyKey link may begin it.
      await seedApplicants(t, org.id, [{ userId: 'created-blank', kycStatus: 'init', reviewAnswer: null }]);
      expect((await companyKeyToken('created-blank', '192.0.2.91').expect(200)).body).toMatchObject({ scope: 'edit', resumeSecret: expect.any(String) });
    });

    it('can be turned off by the organization', async () => {
      const settings = `/api/projects/${org.id}/verification-settings`;
      await request(t.server)
        .put(settings)
        .set(await sessionHeaders(t, owner))
        .send({ allowCompanyKeyLinks: false, redirectAllowList: [] })
        .expect(200);
      try {
        expect((await companyKeyToken('closed-1').expect(403)).body.code).toBe('COMPANY_KEY_LINKS_DISABLED');
        const details = await request(t.server).get(`/api/projects/${org.id}`).set(owner.auth).expect(200);
        expect(details.body.verificationSettings).toMatchObject({ allowCompanyKeyLinks: false, redirectAllowList: [] });
      } finally {
        await request(t.server)
          .put(settings)
          .set(await sessionHeaders(t, owner))
          .send({ allowCompanyKeyLinks: true, redirectAllowList: [] })
          .expect(200);
      }
    });

    it('only the owner changes those settings', async () => {
      const member = await createUser(t);
      await addMember(t, owner, org.id, member);
      const res = await request(t.server)
        .put(`/api/projects/${org.id}/verification-settings`)
        .set(await sessionHeaders(t, member))
        .send({ allowCompanyKeyLinks: false, redirectAllowList: [] });
      expect([403, 404]).toContain(res.status);
    });
  });

  describe('abuse limits', () => {
    it('a burst of new applicants from one address gets 429 with Retry-After after 20', async () => {
      const answers: number[] = [];
      for (let i = 0; i < 25; i += 1) answers.push((await companyKeyToken(`burst-${i}`, '192.0.2.50')).status);
      expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(answers.slice(20).every((status) => status === 429)).toBe(true);
      const limited = await companyKeyToken('burst-x', '192.0.2.50').expect(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body.message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
      // Another address is not affected.
      await companyKeyToken('burst-other', '192.0.2.51').expect(200);
    });

    it('at most 5 photos per side in one session', async () => {
      const { token } = (await companyKeyToken('photos-1', '192.0.2.60').expect(200)).body;
      for (let i = 0; i < 5; i += 1) {
        await request(t.server)
          .post('/api/kyc/documents')
          .set(widget(token))
          .send({ docType: 'SELFIE', data: dataUrl(pngImage(30, 40)) })
          .expect(200);
      }
      const sixth = await request(t.server)
        .post('/api/kyc/documents')
        .set(widget(token))
        .send({ docType: 'SELFIE', data: dataUrl(pngImage(30, 40)) })
        .expect(429);
      expect(sixth.headers['retry-after']).toBeDefined();
      // What was saved is kept.
      const view = await request(t.server).get('/api/kyc/session').set(widget(token)).expect(200);
      expect(view.body.images).toEqual([{ docType: 'SELFIE', side: null }]);
    });

    it('the 6th status stream of one token gets 429', async () => {
      await t.app.listen(0, '127.0.0.1');
      const { token } = (await companyKeyToken('streams-1', '192.0.2.70').expect(200)).body;
      const url = `${await t.app.getUrl()}/api/kyc/status?userId=streams-1&token=${encodeURIComponent(token)}`;
      const streams = [];
      for (let i = 0; i < 5; i += 1) {
        const stream = await openSse(url);
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const sixth = await openSse(url);
      expect(sixth.status).toBe(429);
      sixth.close();
      streams.forEach((stream) => stream.close());
    });
  });

  it('removes a verification abandoned for longer than the window, keeping submitted ones; the audit names ids, never personal data', async () => {
    const clock = driveClock(t);
    try {
      const abandoned = (await companyKeyToken('abandoned-1', '192.0.2.80').expect(200)).body;
      await request(t.server).put('/api/kyc/personal-data').set(widget(abandoned.token)).send(PERSONAL).expect(200);
      const kept = (await companyKeyToken('finished-1', '192.0.2.80').expect(200)).body;
      await completeAndSubmit(kept.token);
      const abandonedId = (await applicant('abandoned-1')).id;
      const cleanup = t.app.get(AbandonedCleanupService);

      clock.advance(23 * 3600_000);
      expect(await cleanup.removeAbandoned()).toBe(0);
      clock.advance(2 * 3600_000);
      expect(await cleanup.removeAbandoned()).toBeGreaterThanOrEqual(1);

      expect(await ds().getRepository(Applicant).findOneBy({ id: abandonedId })).toBeNull();
      expect((await applicant('finished-1')).kycStatus).toBe('queued');
      const [record] = await ds().getRepository(AuditEvent).findBy({ organizationId: org.id, action: 'applicants.abandoned_removed' });
      expect(record.detail).toMatchObject({ count: expect.any(Number), applicantIds: expect.arrayContaining([abandonedId]) });
      expect(JSON.stringify(record.detail)).not.toContain('Ana');
    } finally {
      clock.restore();
    }
  });
});
