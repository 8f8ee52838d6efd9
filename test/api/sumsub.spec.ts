import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { WebhookEvent } from '../../server/webhooks/webhook-event.entity.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';

const APP_TOKEN = 'sbx:test-app-token';
const SECRET_KEY = 'sumsub-secret-key';
const WEBHOOK_SECRET = 'sumsub-webhook-secret';

/**
 * A stand-in for api.sumsub.com that checks each request's signature the way Sumsub
 * documents it — hex HMAC-SHA256 of ts + METHOD + path + body with the secret key —
 * computed here independently of the server's code.
 */
function sumsubStandIn(): Promise<{ server: Server; url: string; requests: { path: string; signatureValid: boolean; body: unknown }[] }> {
  const requests: { path: string; signatureValid: boolean; body: unknown }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const ts = String(req.headers['x-app-access-ts'] ?? '');
      const expected = createHmac('sha256', SECRET_KEY)
        .update(ts + req.method + req.url + raw)
        .digest('hex');
      const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 60;
      const signatureValid = req.headers['x-app-token'] === APP_TOKEN && req.headers['x-app-access-sig'] === expected && fresh;
      requests.push({ path: req.url ?? '', signatureValid, body: raw ? JSON.parse(raw) : null });
      res.setHeader('Content-Type', 'application/json');
      if (!signatureValid) {
        res.statusCode = 401;
        res.end(JSON.stringify({ description: 'Request signature mismatch', code: 401 }));
      } else if (req.method === 'POST' && req.url === '/resources/accessTokens/sdk') {
        const { userId } = JSON.parse(raw) as { userId: string };
        res.end(JSON.stringify({ token: `_act-sbx-${userId.length}`, userId }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests })),
  );
}

describe('the Sumsub provider', () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof sumsubStandIn>>;
  let organization: { id: string; companyKey: string };

  beforeAll(async () => {
    standIn = await sumsubStandIn();
    t = await startTestApp({
      SUMSUB_APP_TOKEN: APP_TOKEN,
      SUMSUB_SECRET_KEY: SECRET_KEY,
      SUMSUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SUMSUB_BASE_URL: standIn.url,
    });
    const owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    const res = await request(t.server)
      .post('/api/projects')
      .set(await sessionHeaders(t, owner))
      .send({ name: 'Sumsub Co' })
      .expect(201);
    organization = { id: res.body.id, companyKey: res.body.companyKey };
  });
  afterAll(async () => {
    await t.close();
    standIn.server.close();
  });

  const widgetToken = async (userId: string) =>
    (await request(t.server).get('/api/kyc/get-new-token').query({ userId }).set('Authorization', `Bearer ${organization.companyKey}`).expect(200)).body
      .token as string;

  const sendWebhook = (payload: object, secret = WEBHOOK_SECRET) => {
    const body = JSON.stringify(payload);
    return request(t.server)
      .post('/api/kyc/sumsub/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Payload-Digest', createHmac('sha256', secret).update(body).digest('hex'))
      .set('X-Payload-Digest-Alg', 'HMAC_SHA256_HEX')
      .send(body);
  };

  it('offers the Sumsub WebSDK on the verification page', async () => {
    const token = await widgetToken('sumsub-user-1');
    const session = await request(t.server).get('/api/kyc/session').set('Authorization', `Bearer ${token}`).expect(200);
    expect(session.body.provider).toBe('sumsub');
  });

  it('gets the WebSDK access token with a request signed the way Sumsub checks it', async () => {
    const token = await widgetToken('sumsub-user-2');
    const res = await request(t.server).get('/api/kyc/sumsub/access-token').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body.token).toMatch(/^_act-sbx-/);
    const last = standIn.requests.at(-1)!;
    expect(last).toMatchObject({ path: '/resources/accessTokens/sdk', signatureValid: true });
    expect(last.body).toMatchObject({ userId: `${organization.id}:sumsub-user-2`, levelName: 'basic-kyc-level' });
  });

  it('applies a verified applicantReviewed webhook: GREEN approves, with a webhook event for the integrator', async () => {
    await widgetToken('sumsub-user-3');
    const res = await sendWebhook({
      type: 'applicantReviewed',
      externalUserId: `${organization.id}:sumsub-user-3`,
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN' },
    }).expect(200);
    expect(res.body).toEqual({ applied: true });
    const ds = t.app.get(DataSource);
    const applicant = await ds.getRepository(Applicant).findOneByOrFail({ organizationId: organization.id, userId: 'sumsub-user-3' });
    expect(applicant).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'approved' });
    expect(await ds.getRepository(WebhookEvent).countBy({ applicantUserId: 'sumsub-user-3', type: 'applicant.decided' })).toBe(1);
  });

  it('maps RED with RETRY onto a rejection that allows resubmission', async () => {
    await widgetToken('sumsub-user-4');
    await sendWebhook({
      type: 'applicantReviewed',
      externalUserId: `${organization.id}:sumsub-user-4`,
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'RETRY', moderationComment: 'The photo is blurry' },
    }).expect(200);
    const applicant = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ userId: 'sumsub-user-4' });
    expect(applicant).toMatchObject({ reviewAnswer: 'rejected', rejectType: 'resubmission', rejectReason: 'The photo is blurry' });
  });

  it('refuses a webhook whose digest does not match, and changes nothing', async () => {
    await widgetToken('sumsub-user-5');
    await sendWebhook(
      { externalUserId: `${organization.id}:sumsub-user-5`, reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } },
      'guessed-secret',
    ).expect(401);
    const applicant = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ userId: 'sumsub-user-5' });
    expect(applicant.kycStatus).toBe('init');
  });
});
