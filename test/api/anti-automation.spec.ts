import request from 'supertest';
import { createOrganization } from '../fixtures/organizations.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';

/**
 * Security review, low: the anti-automation limits were keyed on one address only. An
 * IPv6 address counts by its /64 (one subscriber's block), and password guesses are
 * also counted per account over every address.
 */
describe('anti-automation keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy: the test speaks for many addresses through X-Forwarded-For.
    t = await startTestApp({ TRUST_PROXY: 'true', KYC_NEW_APPLICANTS_PER_IP_PER_HOUR: '3' });
  });
  afterAll(() => t.close());

  it('counts every address of one IPv6 /64 together: walking the last 64 bits does not reset the limit', async () => {
    const owner = await createUser(t, { webhookUrl: 'https://hooks.example.test/kyc' });
    const org = await createOrganization(t, owner);
    const start = (ip: string, userId: string) =>
      request(t.server).get('/api/kyc/get-new-token').query({ userId }).set('Authorization', `Bearer ${org.companyKey}`).set('X-Forwarded-For', ip);
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await start(`2001:db8:7:7::${i.toString(16)}`, `walker-${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another subscriber's block is counted apart.
    await start('2001:db8:7:8::1', 'neighbour-1').expect(200);
  });

  it('counts password guesses per account over every address', async () => {
    const account = await createUser(t);
    const statuses: number[] = [];
    for (let i = 1; i <= 31; i += 1) {
      const res = await request(t.server)
        .post('/api/auth/login')
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('X-Forwarded-For', `198.51.100.${i}`)
        .send({ username: account.user.username, password: `wrong-guess-${i}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    // From yet another address, the right password waits too until the window passes.
    const blocked = await request(t.server)
      .post('/api/auth/login')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('X-Forwarded-For', '192.0.2.99')
      .send({ username: account.user.username, password: account.password });
    expect(blocked.body.code).toBe('LOGIN_THROTTLED');
  });
});
