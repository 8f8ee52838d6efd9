import request from 'supertest';
import { WebhookEvent } from '../../server/webhooks/webhook-event.entity.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';
import { repository, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * `Idempotency-Key` on POST /api/webhooks/test: it sends the integrator a delivery, so a
 * retry with the same key (after a timeout, or while the first is still running) answers
 * the first event and sends nothing again. Runs on PostgreSQL too with TEST_DATABASE_URL.
 */
describe('idempotent test events', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  const sendTest = (who: TestUser, key?: string) => {
    const call = request(t.server).post('/api/webhooks/test').set(who.auth);
    return key === undefined ? call : call.set('Idempotency-Key', key);
  };
  const testEvents = (who: TestUser) => repository(t, WebhookEvent).countBy({ userId: who.user.id, type: 'webhook.test' });
  /** An integrator whose webhook points at the receiver. */
  async function integrator(): Promise<TestUser> {
    const account = await createUser(t);
    await request(t.server).put('/api/users/webhook').set(account.auth).send({ webhook: receiver.url }).expect(200);
    return account;
  }

  beforeAll(async () => {
    t = await startTestApp({ ALLOW_PRIVATE_WEBHOOKS: 'true' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('answers a retry with the first event, marked as replayed, and sends one delivery', async () => {
    const account = await integrator();
    const before = receiver.received.length;
    const first = await sendTest(account, 'test-1').expect(200);
    expect(first.body).toMatchObject({ type: 'webhook.test', status: 'delivered', attempts: 1 });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await sendTest(account, 'test-1').expect(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await testEvents(account)).toBe(1);
    expect(receiver.received.length - before).toBe(1);
    // Without a key every call sends, as before.
    await sendTest(account).expect(200);
    expect(await testEvents(account)).toBe(2);
  });

  it('sends once for two concurrent requests with the same key; both get the event', async () => {
    const account = await integrator();
    const [a, b] = await Promise.all([sendTest(account, 'test-2'), sendTest(account, 'test-2')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).toBe(b.body.id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await testEvents(account)).toBe(1);
  });

  it('frees the key of a request that failed, and refuses a malformed key', async () => {
    const account = await createUser(t);
    const refused = await sendTest(account, 'test-3').expect(400);
    expect(refused.body.code).toBe('WEBHOOK_NOT_SET');
    await request(t.server).put('/api/users/webhook').set(account.auth).send({ webhook: receiver.url }).expect(200);
    const sent = await sendTest(account, 'test-3').expect(200);
    expect(sent.headers['idempotent-replayed']).toBeUndefined();
    expect(await testEvents(account)).toBe(1);

    const malformed = await sendTest(account, 'two words').expect(400);
    expect(malformed.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await testEvents(account)).toBe(1);
  });

  it("keeps each caller's keys apart", async () => {
    const [one, two] = [await integrator(), await integrator()];
    const mine = await sendTest(one, 'shared').expect(200);
    const theirs = await sendTest(two, 'shared').expect(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});
