import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../../server/common/clock.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { ApplicantCheck } from '../../server/applicants/applicant-check.entity.js';
import { WIDGET_TOKEN_TTL_MS } from '../../server/kyc/widget-token.service.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { WebhookEvent } from '../../server/webhooks/webhook-event.entity.js';
import { documentPhoto, pngImage } from '../fixtures/images.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { openSse } from '../support/sse.js';
import { StatusStreamService } from '../../server/kyc/status-stream.service.js';
import { createUser, type TestUser } from '../support/users.js';
import { waitUntil } from '../support/wait.js';

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('the verification flow (/kyc)', () => {
  let t: TestApp;
  let integrator: TestUser;
  let organization: { id: string; companyKey: string };

  beforeAll(async () => {
    t = await startTestApp({ DECISION_UNDO_WINDOW_SECONDS: '0' });
    integrator = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc', redirectUrl: 'https://shop.example.test/done' });
    const res = await request(t.server)
      .post('/api/projects')
      .set(await sessionHeaders(t, integrator))
      .send({ name: 'Acme Bank' })
      .expect(201);
    organization = { id: res.body.id, companyKey: res.body.companyKey };
  });
  afterAll(() => t.close());

  const newToken = (userId: string, companyKey = organization.companyKey) =>
    request(t.server).get('/api/kyc/get-new-token').query({ userId }).set('Authorization', `Bearer ${companyKey}`);
  const widget = (token: string) => ({ Authorization: `Bearer ${token}` });
  const applicant = (userId: string) => t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: organization.id, userId });

  async function completeWidget(token: string) {
    for (const side of ['front', 'back']) {
      await request(t.server)
        .post('/api/kyc/documents')
        .set(widget(token))
        .send({ docType: 'ID_CARD', side, data: dataUrl(documentPhoto()) })
        .expect(200);
    }
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget(token))
      .send({ docType: 'SELFIE', data: dataUrl(pngImage(30, 40)) })
      .expect(200);
    await request(t.server)
      .put('/api/kyc/personal-data')
      .set(widget(token))
      .send({ name: 'Ana Souza', dateOfBirth: '1990-05-17', docNumber: 'X1234567', expiryDate: '2031-01-01', country: 'Brazil', sex: 'F' })
      .expect(200);
  }

  it('tells the integrator to configure a webhook first (WEBHOOK_NOT_CONFIGURED)', async () => {
    const noWebhook = await createUser(t);
    const org = await request(t.server)
      .post('/api/projects')
      .set(await sessionHeaders(t, noWebhook))
      .send({ name: 'No Hooks Ltd' })
      .expect(201);
    const res = await newToken('someone', org.body.companyKey).expect(409);
    expect(res.body).toMatchObject({ code: 'WEBHOOK_NOT_CONFIGURED', token: null });
    expect(res.body.message).toContain('Please configure your webhook');
  });

  it('reveals nothing for a wrong companyKey', async () => {
    const res = await newToken('someone', 'pk_not-a-real-key').expect(401);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
    await request(t.server).get('/api/kyc/get-new-token').query({ userId: 'someone' }).expect(401);
  });

  it('creates the applicant on the first token and binds the token to it', async () => {
    const res = await newToken('customer-1').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', code: 'OK' });
    expect(res.body.token).toMatch(/^kyc_wt_/);
    expect((await applicant('customer-1')).kycStatus).toBe('init');
    const session = await request(t.server).get('/api/kyc/session').set(widget(res.body.token)).expect(200);
    expect(session.body).toMatchObject({ userId: 'customer-1', organizationName: 'Acme Bank', status: 'pending', images: [] });
  });

  it('refuses photos that are not images, and photos too large', async () => {
    const { token } = (await newToken('customer-2')).body;
    const fake = await request(t.server)
      .post('/api/kyc/documents')
      .set(widget(token))
      .send({ docType: 'PASSPORT', side: 'front', data: dataUrl(Buffer.from('this is not a png at all')) })
      .expect(400);
    expect(fake.body.message).toBe('The file is not a JPEG, PNG or WebP image');
    const huge = Buffer.concat([pngImage(2, 2), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget(token))
      .send({ docType: 'PASSPORT', side: 'front', data: dataUrl(huge) })
      .expect(400);
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget(token))
      .send({ docType: 'PASSPORT', side: 'back', data: dataUrl(pngImage()) })
      .expect(400);
  });

  it('refuses to submit an incomplete verification, naming what is missing', async () => {
    const { token } = (await newToken('customer-3')).body;
    const res = await request(t.server).post('/api/kyc/submit').set(widget(token)).expect(400);
    expect(res.body.message).toMatch(/document type.*selfie.*name/);
  });

  it('moves a submission pending → prechecked → queued, recording each check, audit entries and webhook events', async () => {
    const { token } = (await newToken('customer-4')).body;
    await completeWidget(token);
    expect((await applicant('customer-4')).kycStatus).toBe('pending');
    const res = await request(t.server).post('/api/kyc/submit').set(widget(token)).expect(200);
    expect(res.body.status).toBe('processing');
    const stored = await applicant('customer-4');
    expect(stored).toMatchObject({ kycStatus: 'queued', documentType: 'ID_CARD', name: 'Ana Souza' });
    expect(stored.submittedAt).not.toBeNull();

    const ds = t.app.get(DataSource);
    const checks = (await request(t.server).get(`/api/projects/${organization.id}/applicants/customer-4/checks`).set(integrator.auth).expect(200)).body as {
      name: string;
      passed: boolean;
    }[];
    expect(Object.fromEntries(checks.map((c) => [c.name, c.passed]))).toEqual({
      'document-not-expired': true,
      adult: true,
      'document-number-unique': true,
      'images-readable': true,
    });
    const actions = (await ds.getRepository(AuditEvent).findBy({ applicantId: stored.id })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['applicant.submitted', 'applicant.prechecked']));
    const events = (await ds.getRepository(WebhookEvent).findBy({ applicantUserId: 'customer-4' })).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['applicant.submitted', 'applicant.prechecked']));

    const again = await request(t.server).post('/api/kyc/submit').set(widget(token)).expect(409);
    expect(again.body.message).toBe('This verification was already submitted');
  });

  it("flags a document number already approved for another of the organization's applicants", async () => {
    const ds = t.app.get(DataSource);
    await ds
      .getRepository(Applicant)
      .save({ organizationId: organization.id, userId: 'earlier', kycStatus: 'completed', reviewAnswer: 'approved', docNumber: 'DUP-1' });
    const { token } = (await newToken('customer-5')).body;
    await completeWidget(token);
    await request(t.server)
      .put('/api/kyc/personal-data')
      .set(widget(token))
      .send({ name: 'B', dateOfBirth: '2015-01-01', docNumber: 'DUP-1', expiryDate: '2020-01-01', country: 'Chile' })
      .expect(200);
    await request(t.server).post('/api/kyc/submit').set(widget(token)).expect(200);
    const checks = await ds.getRepository(ApplicantCheck).findBy({ applicantId: (await applicant('customer-5')).id });
    expect(Object.fromEntries(checks.map((c) => [c.name, c.verdict === 'passed']))).toMatchObject({
      'document-not-expired': false,
      adult: false,
      'document-number-unique': false,
    });
  });

  it("answers an expired token with 'invalid-token', and the browser's resume secret renews it with the progress kept", async () => {
    const { token, resumeSecret } = (await newToken('customer-6').expect(200)).body;
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget(token))
      .send({ docType: 'PASSPORT', side: 'front', data: dataUrl(documentPhoto()) })
      .expect(200);
    const clock = t.app.get(Clock);
    const realNow = clock.now.bind(clock);
    clock.now = () => new Date(Date.now() + WIDGET_TOKEN_TTL_MS + 1000);
    try {
      const expired = await request(t.server).get('/api/kyc/session').set(widget(token)).expect(401);
      expect(expired.body.code).toBe('invalid-token');
      // A companyKey link alone cannot take over the verification under way …
      expect((await newToken('customer-6').expect(409)).body.code).toBe('VERIFICATION_IN_PROGRESS');
      // … the browser that started it renews its token with its resume secret.
      const renewed = (
        await request(t.server).post('/api/kyc/session-token').set('X-Requested-With', 'XMLHttpRequest').send({ session: resumeSecret }).expect(200)
      ).body.token;
      const session = await request(t.server).get('/api/kyc/session').set(widget(renewed)).expect(200);
      expect(session.body).toMatchObject({ documentType: 'PASSPORT', images: [{ docType: 'PASSPORT', side: 'front' }] });
    } finally {
      clock.now = realNow;
    }
  });

  it('refuses forged tokens and tokens used for another userId', async () => {
    const { token } = (await newToken('customer-7')).body;
    const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await request(t.server).get('/api/kyc/session').set(widget(forged)).expect(401)).body.code).toBe('invalid-token');
    const res = await request(t.server).get('/api/kyc/status').query({ userId: 'customer-1', companyKey: organization.companyKey, token }).expect(401);
    expect(res.body).toMatchObject({ code: 'invalid-token' });
    expect(JSON.stringify(res.body)).not.toMatch(/pending|processing|completed/);
    await request(t.server).get('/api/kyc/status').query({ userId: 'customer-7', companyKey: 'pk_wrong', token }).expect(401);
  });

  it('lets a signed-in member get a widget token for an applicant (GET /get-new-token)', async () => {
    const res = await request(t.server)
      .get('/api/get-new-token')
      .set(await sessionHeaders(t, integrator))
      .query({ userId: 'walk-in', organizationId: organization.id })
      .expect(200);
    expect(res.body.token.token).toMatch(/^kyc_wt_/);
    const stranger = await createUser(t);
    await request(t.server)
      .get('/api/get-new-token')
      .set(await sessionHeaders(t, stranger))
      .query({ userId: 'walk-in', organizationId: organization.id })
      .expect(404);
  });

  it('does not need the CSRF header for widget calls (they carry a bearer token)', async () => {
    const { token } = (await newToken('customer-8')).body;
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget(token))
      .set('Origin', 'https://shop.example.test')
      .send({ docType: 'SELFIE', data: dataUrl(pngImage()) })
      .expect(200);
  });

  describe('the live status stream (GET /kyc/status)', () => {
    let baseUrl: string;
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      baseUrl = await t.app.getUrl();
    });

    it('sends the current status at once, then each change, as server-sent events, and releases the stream on disconnect', async () => {
      const { token } = (await newToken('live-1')).body;
      const query = new URLSearchParams({ userId: 'live-1', companyKey: organization.companyKey, token });
      const res = await fetch(`${baseUrl}/api/kyc/status?${query}`);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
      await res.body?.cancel();

      const stream = await openSse(`${baseUrl}/api/kyc/status?${query}`);
      expect(stream.status).toBe(200);
      expect(await stream.next()).toEqual({ status: 'pending', redirectUrl: 'https://shop.example.test/done' });
      await completeWidget(token);
      await request(t.server).post('/api/kyc/submit').set(widget(token)).expect(200);
      expect(await stream.next()).toEqual({ status: 'processing', redirectUrl: 'https://shop.example.test/done' });
      // A reviewer's decision reaches the page too.
      await request(t.server)
        .post(`/api/projects/${organization.id}/applicants/live-1/approve`)
        .set(await sessionHeaders(t, integrator))
        .expect(200);
      expect(await stream.next()).toEqual({ status: 'completed', redirectUrl: 'https://shop.example.test/done' });

      const streams = t.app.get(StatusStreamService);
      expect(streams.openStreams()).toBeGreaterThan(0);
      stream.close();
      await waitUntil(() => (streams.openStreams() === 0 ? true : undefined), 5000, 'the closed stream to be released');
    });
  });
});
