import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { Clock } from '../../server/common/clock.js';
import { Organization } from '../../server/organizations/organization.entity.js';
import { User } from '../../server/users/user.entity.js';
import { WebhookDelivery } from '../../server/webhooks/webhook-delivery.entity.js';
import { WebhookDispatcher, RETRY_DELAYS_MS } from '../../server/webhooks/webhook-dispatcher.js';
import { WebhookEvent } from '../../server/webhooks/webhook-event.entity.js';
import { WebhookOutboxService } from '../../server/webhooks/webhook-outbox.service.js';
import { WebhookSender } from '../../server/webhooks/webhook-sender.js';
import type { ApplicantSnapshot } from '../../server/webhooks/webhook-events.js';
import { generateWebhookSecret } from '../../server/webhooks/webhook-signature.js';
import { signedIn, sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { driveClock } from '../support/clock.js';
import { repository, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { waitUntil } from '../support/wait.js';

const APPLICANT: ApplicantSnapshot = {
  userId: 'customer-42',
  kycStatus: 'completed',
  documentType: 'PASSPORT',
  reviewAnswer: 'rejected',
  rejectType: 'final',
  rejectReason: 'Document expired',
};

async function createOrganization(t: TestApp, owner: User): Promise<Organization> {
  const organizations = repository(t, Organization);
  return organizations.save(organizations.create({ name: 'Acme', ownerId: owner.id, companyKey: `pk_${randomBytes(12).toString('hex')}` }));
}

/** Writes an applicant event the way a service does: inside its own transaction. */
async function enqueueApplicantEvent(t: TestApp, organizationId: string, applicant: ApplicantSnapshot = APPLICANT): Promise<string | null> {
  const outbox = t.app.get(WebhookOutboxService, { strict: false });
  return t.app.get(DataSource).transaction((manager) => outbox.enqueue(manager, { organizationId, type: 'applicant.decided', applicant }));
}

async function eventRow(t: TestApp, id: string): Promise<WebhookEvent> {
  return repository(t, WebhookEvent).findOneByOrFail({ id });
}

describe('webhook settings (private targets not allowed)', () => {
  let t: TestApp;
  let account: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    account = await createUser(t);
  });
  afterAll(() => t.close());

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://172.20.0.5/hook',
    'http://192.168.1.10/hook',
    'http://100.64.0.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/hook',
    'http://224.0.0.1/hook',
    'http://[::1]/hook',
    'http://[fd00:ec2::254]/hook',
    'http://[fe80::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
  ])('refuses the non-public webhook target %s', async (webhook) => {
    const res = await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, account))
      .send({ webhook })
      .expect(400);
    expect(res.body.message).toBe('Webhook URL must point to a public address');
  });

  it('saves a public webhook URL and creates a whsec_ signing secret with the first one', async () => {
    const owner = await createUser(t);
    const saved = await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, owner))
      .send({ webhook: 'https://93.184.215.14/kyc' })
      .expect(200);
    expect(saved.body).toEqual({ webhook: 'https://93.184.215.14/kyc', redirectUrl: null, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/) });

    const changed = await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, owner))
      .send({ webhook: 'https://93.184.215.14/kyc/v2' })
      .expect(200);
    expect(changed.body.secret).toBe(saved.body.secret);
    const settings = await request(t.server)
      .get('/api/webhooks/settings')
      .set(await sessionHeaders(t, owner))
      .expect(200);
    expect(settings.body).toEqual({ webhook: 'https://93.184.215.14/kyc/v2', redirectUrl: null, secret: saved.body.secret });
    const me = await request(t.server).get('/api/users/me').set(owner.auth).expect(200);
    expect(me.body.webhook).toBe('https://93.184.215.14/kyc/v2');
  });

  it.each(['not a url', 'ftp://93.184.215.14/x', 'javascript:alert(1)', ''])('refuses the webhook value %p', async (webhook) => {
    const res = await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, account))
      .send({ webhook })
      .expect(400);
    expect(res.body.message).toContain('webhook must be a URL address');
  });

  it('refuses a webhook URL longer than 2048 characters', async () => {
    const webhook = `https://93.184.215.14/${'a'.repeat(2048)}`;
    const res = await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, account))
      .send({ webhook })
      .expect(400);
    expect(res.body.message).toContain('webhook must be shorter than or equal to 2048 characters');
  });

  it('answers a bad redirect URL with a message list whose first item says redirectUrl must be a URL address', async () => {
    const res = await request(t.server)
      .put('/api/users/redirect-url')
      .set(await sessionHeaders(t, account))
      .send({ redirectUrl: 'not a url' })
      .expect(400);
    expect(Array.isArray(res.body.message)).toBe(true);
    expect(res.body.message[0]).toBe('redirectUrl must be a URL address');
    const missing = await request(t.server)
      .put('/api/users/redirect-url')
      .set(await sessionHeaders(t, account))
      .send({})
      .expect(400);
    expect(missing.body.message[0]).toMatch(/redirectUrl must be a URL address/);
  });

  it('saves a redirect URL (private hosts are fine: the browser follows it, not the server)', async () => {
    const owner = await createUser(t);
    const res = await request(t.server)
      .put('/api/users/redirect-url')
      .set(await sessionHeaders(t, owner))
      .send({ redirectUrl: 'http://localhost:5173/done' })
      .expect(200);
    expect(res.body).toEqual({ webhook: null, redirectUrl: 'http://localhost:5173/done', secret: null });
    const me = await request(t.server).get('/api/users/me').set(owner.auth).expect(200);
    expect(me.body.redirectUrl).toBe('http://localhost:5173/done');
  });

  it('never shows the signing secret in an answer to an API key (security finding 9)', async () => {
    const owner = await createUser(t);
    const byKey = await request(t.server).put('/api/users/webhook').set(owner.auth).send({ webhook: 'https://93.184.215.14/by-key' }).expect(200);
    expect(byKey.body).toEqual({ webhook: 'https://93.184.215.14/by-key', redirectUrl: null, secret: null });
    const redirect = await request(t.server).put('/api/users/redirect-url').set(owner.auth).send({ redirectUrl: 'https://example.test/done' }).expect(200);
    expect(redirect.body.secret).toBeNull();
    // The secret exists all the same, for the signed-in owner.
    const settings = await request(t.server)
      .get('/api/webhooks/settings')
      .set(await sessionHeaders(t, owner))
      .expect(200);
    expect(settings.body.secret).toMatch(/^whsec_/);
    const bySession = await request(t.server)
      .put('/api/users/redirect-url')
      .set(await sessionHeaders(t, owner))
      .send({ redirectUrl: 'https://example.test/done' })
      .expect(200);
    expect(bySession.body.secret).toBe(settings.body.secret);
    await request(t.server).get('/api/webhooks/settings').set(owner.auth).expect(403);
  });

  it('rotates the signing secret', async () => {
    const owner = await createUser(t);
    const first = await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, owner))
      .send({ webhook: 'https://93.184.215.14/k' })
      .expect(200);
    const rotated = await request(t.server)
      .post('/api/webhooks/secret/rotate')
      .set(await sessionHeaders(t, owner))
      .expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(first.body.secret);
  });

  it('checks the address again at send time: a target that turned private gets nothing', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const owner = await createUser(t);
      await request(t.server)
        .put('/api/users/webhook')
        .set(await sessionHeaders(t, owner))
        .send({ webhook: 'https://93.184.215.14/k' })
        .expect(200);
      // As if the name now resolved to a private address (DNS rebinding).
      await repository(t, User).update(owner.user.id, { webhookUrl: receiver.url });
      const res = await request(t.server)
        .post('/api/webhooks/test')
        .set(await sessionHeaders(t, owner))
        .expect(200);
      expect(res.body).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: null, lastError: 'Webhook URL must point to a public address' });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('keeps visitors out and follows the webhooks permission', async () => {
    await request(t.server).get('/api/webhooks/settings').expect(401);
    await request(t.server).get('/api/webhooks/events').expect(401);
    await request(t.server).put('/api/users/webhook').set('X-Requested-With', 'XMLHttpRequest').send({ webhook: 'https://93.184.215.14/' }).expect(401);
    const admin = await createUser(t, { role: 'admin' });
    await request(t.server)
      .get('/api/webhooks/settings')
      .set(await sessionHeaders(t, admin))
      .expect(200);
  });
});

describe('signed webhooks out', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await startTestApp({ ALLOW_PRIVATE_WEBHOOKS: 'true', DECISION_UNDO_WINDOW_SECONDS: '0' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(() => receiver.close());

  /** An organization owner whose webhook points at the test receiver. */
  async function owner(): Promise<{ account: TestUser; secret: string; organization: Organization }> {
    const account = await createUser(t);
    const res = await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, account))
      .send({ webhook: receiver.url })
      .expect(200);
    return { account, secret: res.body.secret as string, organization: await createOrganization(t, account.user) };
  }

  it('accepts a private target when ALLOW_PRIVATE_WEBHOOKS=true', async () => {
    const account = await createUser(t);
    await request(t.server)
      .put('/api/users/webhook')
      .set(await sessionHeaders(t, account))
      .send({ webhook: 'http://127.0.0.1:9/hook' })
      .expect(200);
  });

  it('sends a test event that the standardwebhooks library verifies', async () => {
    const { account, secret } = await owner();
    const res = await request(t.server)
      .post('/api/webhooks/test')
      .set(await sessionHeaders(t, account))
      .expect(200);
    expect(res.body).toMatchObject({ type: 'webhook.test', status: 'delivered', attempts: 1, lastResponseCode: 200, nextAttemptAt: null });

    const [hook] = await receiver.waitFor(1);
    const verified = new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe('webhook.test');
    expect(hook.headers['webhook-id']).toBe(res.body.id);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['user-agent']).toMatch(/KYC-Platform-Webhooks/);
    expect(() => new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(hook.body, hook.headers as Record<string, string>)).toThrow();
  });

  it('answers POST /webhooks/test with 400 when no webhook is configured', async () => {
    const account = await createUser(t);
    const res = await request(t.server)
      .post('/api/webhooks/test')
      .set(await sessionHeaders(t, account))
      .expect(400);
    expect(res.body.message).toBe('Configure a webhook URL first');
  });

  it('delivers an applicant event written in a transaction right after commit, with status data only', async () => {
    const { secret, organization } = await owner();
    const id = await enqueueApplicantEvent(t, organization.id);
    const [hook] = await receiver.waitFor(1);
    const body = new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>);
    expect(body).toEqual({
      type: 'applicant.decided',
      timestamp: expect.any(String),
      data: {
        organizationId: organization.id,
        userId: 'customer-42',
        kycStatus: 'completed',
        documentType: 'PASSPORT',
        reviewAnswer: 'rejected',
        rejectType: 'final',
        rejectReason: 'Document expired',
      },
    });
    expect(hook.headers['webhook-id']).toBe(id);
    const event = await waitUntil(async () => {
      const row = await eventRow(t, id as string);
      return row.status === 'delivered' ? row : undefined;
    });
    expect(event.payload).toBe(hook.body);
  });

  it('writes nothing when the transaction rolls back', async () => {
    const { account, organization } = await owner();
    const outbox = t.app.get(WebhookOutboxService, { strict: false });
    await expect(
      t.app.get(DataSource).transaction(async (manager) => {
        await outbox.enqueue(manager, { organizationId: organization.id, type: 'applicant.updated', applicant: APPLICANT });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // The dispatcher has its turn: nothing to deliver.
    await t.app.get(WebhookDispatcher, { strict: false }).runDue();
    expect(receiver.received).toHaveLength(0);
    expect(await repository(t, WebhookEvent).countBy({ userId: account.user.id })).toBe(0);
  });

  it('skips the event when the organization owner has no webhook', async () => {
    const account = await createUser(t);
    const organization = await createOrganization(t, account.user);
    expect(await enqueueApplicantEvent(t, organization.id)).toBeNull();
    expect(await repository(t, WebhookEvent).countBy({ userId: account.user.id })).toBe(0);
  });

  it("never calls a demo account's webhook: each attempt is logged 'not sent for demo accounts' and is final", async () => {
    const demo = await createUser(t, { isDemo: true, webhookUrl: receiver.url });
    await repository(t, User).update(demo.user.id, { webhookSecret: generateWebhookSecret() });
    const organization = await createOrganization(t, demo.user);
    const id = (await enqueueApplicantEvent(t, organization.id)) as string;
    const event = await waitUntil(async () => {
      const row = await eventRow(t, id);
      return row.status === 'failed' ? row : undefined;
    });
    expect(event).toMatchObject({ attempts: 1, lastResponseCode: null, lastError: 'not sent for demo accounts' });
    expect(await repository(t, WebhookDelivery).findBy({ eventId: id })).toEqual([
      expect.objectContaining({ attempt: 1, responseCode: null, error: 'not sent for demo accounts' }),
    ]);

    // The test button and a redelivery, signed in as the demo user, send nothing either.
    const agent = await signedIn(t, demo);
    const test = await agent.post('/api/webhooks/test').expect(200);
    expect(test.body).toMatchObject({ type: 'webhook.test', status: 'failed', attempts: 1, lastError: 'not sent for demo accounts' });
    const again = await agent.post(`/api/webhooks/events/${id}/redeliver`).expect(200);
    expect(again.body).toMatchObject({ status: 'failed', attempts: 2, lastError: 'not sent for demo accounts' });
    await t.app.get(WebhookDispatcher, { strict: false }).runDue();
    expect(receiver.received).toHaveLength(0);
  });

  it('retries with backoff: 500, 500, then 200 arrives on the third attempt with three delivery-log rows', async () => {
    const clock = driveClock(t);
    try {
      const { account } = await owner();
      const organization = await createOrganization(t, account.user);
      receiver.answer(500, 500);
      const id = (await enqueueApplicantEvent(t, organization.id)) as string;
      const dispatcher = t.app.get(WebhookDispatcher, { strict: false });
      const afterAttempt = (n: number) =>
        waitUntil(async () => {
          const row = await eventRow(t, id);
          return row.attempts >= n && row.lockedUntil === null ? row : undefined;
        });

      await receiver.waitFor(1);
      let event = await afterAttempt(1);
      expect(event).toMatchObject({ status: 'pending', lastResponseCode: 500 });
      expect(event.nextAttemptAt.getTime()).toBe(clock.now().getTime() + RETRY_DELAYS_MS[0]);

      clock.advance(RETRY_DELAYS_MS[0] - 1000);
      await dispatcher.runDue();
      expect(receiver.received).toHaveLength(1);

      clock.advance(1000);
      await dispatcher.runDue();
      await receiver.waitFor(2);
      event = await afterAttempt(2);
      expect(event).toMatchObject({ status: 'pending', attempts: 2, lastResponseCode: 500 });
      expect(event.nextAttemptAt.getTime()).toBe(clock.now().getTime() + RETRY_DELAYS_MS[1]);

      clock.advance(RETRY_DELAYS_MS[1]);
      await dispatcher.runDue();
      await receiver.waitFor(3);
      event = await afterAttempt(3);
      expect(event).toMatchObject({ status: 'delivered', attempts: 3, lastResponseCode: 200, lastError: null });

      expect(new Set(receiver.received.map((hook) => hook.headers['webhook-id']))).toEqual(new Set([id]));
      const log = await request(t.server).get(`/api/webhooks/events/${id}/deliveries`).set(account.auth).expect(200);
      expect(log.body.map((row: { attempt: number; responseCode: number }) => [row.attempt, row.responseCode])).toEqual([
        [1, 500],
        [2, 500],
        [3, 200],
      ]);
      expect(log.body[0]).toMatchObject({ error: 'The receiver answered 500', durationMs: expect.any(Number) });
    } finally {
      clock.restore();
    }
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    const { account } = await owner();
    receiver.answer(302);
    const res = await request(t.server)
      .post('/api/webhooks/test')
      .set(await sessionHeaders(t, account))
      .expect(200);
    expect(res.body).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: 302 });
    expect(res.body.lastError).toMatch(/redirects are not followed/);
    expect(receiver.received).toHaveLength(1);
  });

  it('gives up after 8 attempts; a redelivery makes a new attempt and a failed event pending again', async () => {
    const clock = driveClock(t);
    try {
      const { account, organization } = await owner();
      receiver.answer(...Array<number>(8).fill(503));
      const id = (await enqueueApplicantEvent(t, organization.id)) as string;
      const dispatcher = t.app.get(WebhookDispatcher, { strict: false });
      for (let attempt = 1; attempt <= 8; attempt++) {
        if (attempt > 1) {
          clock.advance(RETRY_DELAYS_MS[attempt - 2]);
          await dispatcher.runDue();
        }
        await waitUntil(async () => {
          const row = await eventRow(t, id);
          return row.attempts >= attempt && row.lockedUntil === null ? row : undefined;
        });
      }
      expect(await eventRow(t, id)).toMatchObject({ status: 'failed', attempts: 8, lastResponseCode: 503 });
      clock.advance(24 * 3_600_000);
      await dispatcher.runDue();
      expect(receiver.received).toHaveLength(8);

      const res = await request(t.server)
        .post(`/api/webhooks/events/${id}/redeliver`)
        .set(await sessionHeaders(t, account))
        .expect(200);
      expect(res.body).toMatchObject({ id, status: 'delivered', attempts: 9, lastResponseCode: 200 });
      expect(receiver.received).toHaveLength(9);
    } finally {
      clock.restore();
    }
  });

  it('claims an event for one dispatcher only: two running at once (as on two replicas) deliver it once', async () => {
    const clock = driveClock(t);
    try {
      const { account } = await owner();
      const now = clock.now();
      const events = repository(t, WebhookEvent);
      const dispatcher = t.app.get(WebhookDispatcher, { strict: false });
      const replica = new WebhookDispatcher(t.app.get(DataSource), t.app.get(Clock, { strict: false }), t.app.get(WebhookSender, { strict: false }));
      const pending = (delayMs: number) =>
        events.save(
          events.create({
            userId: account.user.id,
            organizationId: null,
            applicantUserId: null,
            type: 'webhook.test',
            payload: '{"type":"webhook.test"}',
            nextAttemptAt: new Date(now.getTime() + delayMs),
            createdAt: now,
          }),
        );

      // Not due yet, so neither the interval nor a nudge takes it before both runs start.
      const claimed = await pending(1000);
      clock.advance(1000);
      const claims = await Promise.all([dispatcher.claim(claimed.id), replica.claim(claimed.id)]);
      expect(claims.filter(Boolean)).toHaveLength(1);

      const raced = await pending(1000);
      clock.advance(1000);
      await Promise.all([dispatcher.runDue(), replica.runDue(), dispatcher.runDue(), replica.runDue()]);
      await waitUntil(async () => ((await eventRow(t, raced.id)).status === 'delivered' ? true : undefined));
      // Each dispatcher has another turn once it is delivered: still one delivery.
      await Promise.all([dispatcher.runDue(), replica.runDue()]);
      expect(receiver.received.filter((hook) => hook.headers['webhook-id'] === raced.id)).toHaveLength(1);
      expect(await repository(t, WebhookDelivery).countBy({ eventId: raced.id })).toBe(1);
    } finally {
      clock.restore();
    }
  });

  it('lists only the caller’s events, newest first and paged; another account’s event is a 404', async () => {
    const first = await owner();
    const other = await owner();
    for (let i = 0; i < 3; i++)
      await request(t.server)
        .post('/api/webhooks/test')
        .set(await sessionHeaders(t, first.account))
        .expect(200);
    const otherEvent = await request(t.server)
      .post('/api/webhooks/test')
      .set(await sessionHeaders(t, other.account))
      .expect(200);

    const page1 = await request(t.server).get('/api/webhooks/events?page=1&pageSize=2').set(first.account.auth).expect(200);
    expect(page1.body.meta).toEqual({ page: 1, pageLength: 2, totalPages: 2, hasPreviousPage: false, hasNextPage: true });
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.items[0]).toMatchObject({ type: 'webhook.test', status: 'delivered', attempts: 1, lastResponseCode: 200 });
    const page2 = await request(t.server).get('/api/webhooks/events?page=2&pageSize=2').set(first.account.auth).expect(200);
    expect(page2.body.meta).toEqual({ page: 2, pageLength: 1, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
    const all = [...page1.body.items, ...page2.body.items] as { id: string; createdAt: string }[];
    expect(all.map((e) => e.id)).not.toContain(otherEvent.body.id);
    const times = all.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    await request(t.server).get(`/api/webhooks/events/${otherEvent.body.id}/deliveries`).set(first.account.auth).expect(404);
    const res = await request(t.server)
      .post(`/api/webhooks/events/${otherEvent.body.id}/redeliver`)
      .set(await sessionHeaders(t, first.account))
      .expect(404);
    expect(res.body.message).toBe('Webhook event not found');
    await request(t.server).get('/api/webhooks/events/not-an-id/deliveries').set(first.account.auth).expect(404);
    await request(t.server).get('/api/webhooks/events?pageSize=1000').set(first.account.auth).expect(400);
  });

  it('signs with the new secret after a rotation', async () => {
    const { account, secret } = await owner();
    const rotated = await request(t.server)
      .post('/api/webhooks/secret/rotate')
      .set(await sessionHeaders(t, account))
      .expect(200);
    await request(t.server)
      .post('/api/webhooks/test')
      .set(await sessionHeaders(t, account))
      .expect(200);
    const [hook] = await receiver.waitFor(1);
    expect(() => new Webhook(rotated.body.secret).verify(hook.body, hook.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>)).toThrow();
  });

  it('tells the owner about an applicant edit, reset and each decision made in the dashboard', async () => {
    const { account, secret, organization } = await owner();
    const applicants = repository(t, Applicant);
    await applicants.save(
      applicants.create({ organizationId: organization.id, userId: 'customer-7', kycStatus: 'pending', documentType: 'ID_CARD', name: 'Jane Roe' }),
    );
    const base = `/api/projects/${organization.id}/applicants/customer-7`;
    const next = async (count: number) => {
      const hooks = await receiver.waitFor(count);
      return new Webhook(secret).verify(hooks[count - 1].body, hooks[count - 1].headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
    };

    await request(t.server)
      .put(base)
      .set(await sessionHeaders(t, account))
      .send({ kycStatus: 'queued', name: 'Jane Q. Roe' })
      .expect(200);
    expect(await next(1)).toMatchObject({ type: 'applicant.updated', data: { userId: 'customer-7', kycStatus: 'queued', organizationId: organization.id } });

    await request(t.server)
      .post(`${base}/hold`)
      .set(await sessionHeaders(t, account))
      .send({ reason: 'Proof of address missing' })
      .expect(200);
    expect(await next(2)).toMatchObject({ type: 'applicant.on_hold', data: { kycStatus: 'onHold' } });

    await request(t.server)
      .post(`${base}/reject`)
      .set(await sessionHeaders(t, account))
      .send({ reason: 'Blurred photo', rejectType: 'resubmission' })
      .expect(200);
    expect(await next(3)).toMatchObject({
      type: 'applicant.decided',
      data: { kycStatus: 'completed', reviewAnswer: 'rejected', rejectType: 'resubmission', rejectReason: 'Blurred photo' },
    });

    await request(t.server)
      .post(`${base}/approve`)
      .set(await sessionHeaders(t, account))
      .expect(200);
    expect(await next(4)).toMatchObject({ type: 'applicant.decided', data: { kycStatus: 'completed', reviewAnswer: 'approved', rejectReason: null } });

    await request(t.server)
      .post(`${base}/reset`)
      .set(await sessionHeaders(t, account))
      .send({ reason: 'Start again' })
      .expect(200);
    const reset = await next(5);
    expect(reset).toMatchObject({ type: 'applicant.reset', data: { kycStatus: 'init', reviewAnswer: null, documentType: null } });

    // Status only: the name never leaves in a webhook.
    expect(receiver.received.map((hook) => hook.body).join('')).not.toMatch(/Jane/);
  });

  it('delivers an event left pending by a stopped server once a new instance starts on the same database', async () => {
    const first = await startTestApp({ ALLOW_PRIVATE_WEBHOOKS: 'true' });
    let second: TestApp | undefined;
    try {
      // This instance commits the event but dies before sending it.
      const dispatcher = first.app.get(WebhookDispatcher, { strict: false });
      dispatcher.runDue = async () => 0;
      const account = await createUser(first, { webhookUrl: receiver.url });
      await repository(first, User).update(account.user.id, { webhookSecret: `whsec_${randomBytes(24).toString('base64')}` });
      const organization = await createOrganization(first, account.user);
      const id = (await enqueueApplicantEvent(first, organization.id)) as string;
      expect(await eventRow(first, id)).toMatchObject({ status: 'pending', attempts: 0 });
      await first.stop();
      expect(receiver.received).toHaveLength(0);

      second = await startTestApp({ ALLOW_PRIVATE_WEBHOOKS: 'true' }, { database: first.database });
      const [hook] = await receiver.waitFor(1);
      expect(hook.headers['webhook-id']).toBe(id);
      await waitUntil(async () => ((await eventRow(second as TestApp, id)).status === 'delivered' ? true : undefined));
    } finally {
      await (second ?? first).close();
    }
  });
});
