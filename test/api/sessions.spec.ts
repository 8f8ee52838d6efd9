import { DataSource } from 'typeorm';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { deviceName } from '../../server/sessions/device-name.js';
import { browser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('sessions staff can see and end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function signInAs(account: TestUser, userAgent: string) {
    const agent = browser(t).set('User-Agent', userAgent);
    await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
    return agent;
  }

  it('names the device from the User-Agent', () => {
    expect(deviceName(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceName('')).toBe('Unknown device');
  });

  it("lists the account's live sessions with device, address and times, marking this one", async () => {
    const account = await createUser(t);
    const other = await createUser(t);
    const laptop = await signInAs(account, FIREFOX_WINDOWS);
    await signInAs(account, SAFARI_IPHONE);
    await signInAs(other, FIREFOX_WINDOWS);

    const res = await laptop.get('/api/auth/sessions').expect(200);
    expect(res.body).toHaveLength(2);
    const self = res.body.find((s: { current: boolean }) => s.current);
    const phone = res.body.find((s: { current: boolean }) => !s.current);
    expect(phone).toMatchObject({ device: 'Safari on iOS', current: false });
    expect(self).toMatchObject({ device: 'Firefox on Windows', current: true });
    expect(self.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(Date.parse(self.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(self.createdAt));
    expect(Object.keys(self).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'ip', 'lastSeenAt']);
  });

  it('ends one other session, refuses a session of another account, and signs out everywhere else', async () => {
    const account = await createUser(t);
    const stranger = await createUser(t);
    const laptop = await signInAs(account, FIREFOX_WINDOWS);
    const phone = await signInAs(account, SAFARI_IPHONE);
    const tablet = await signInAs(account, SAFARI_IPHONE);
    const strangers = await signInAs(stranger, FIREFOX_WINDOWS);

    const list = (await laptop.get('/api/auth/sessions').expect(200)).body as { id: string; current: boolean }[];
    const strangerSession = (await strangers.get('/api/auth/sessions').expect(200)).body[0].id as string;
    const notFound = await laptop.delete(`/api/auth/sessions/${strangerSession}`).expect(404);
    expect(notFound.body).toMatchObject({ code: 'STAFF_SESSION_NOT_FOUND', message: 'This session has already ended' });
    await strangers.get('/api/users/me').expect(200);

    expect(list.filter((s) => s.current)).toHaveLength(1);
    const tabletSession = ((await tablet.get('/api/auth/sessions').expect(200)).body as { id: string; current: boolean }[]).find((s) => s.current)!;
    await laptop.delete(`/api/auth/sessions/${tabletSession.id}`).expect(204);
    await tablet.get('/api/users/me').expect(401);
    await phone.get('/api/users/me').expect(200);

    await laptop.post('/api/auth/sessions/revoke-others').expect(204);
    await phone.get('/api/users/me').expect(401);
    await laptop.get('/api/users/me').expect(200);
    expect((await laptop.get('/api/auth/sessions').expect(200)).body).toHaveLength(1);

    const audit = await t.app
      .get(DataSource)
      .getRepository(AuditEvent)
      .find({ where: { actorId: account.user.id, action: 'account.sessions_revoked' }, order: { createdAt: 'ASC' } });
    expect(audit.map((e) => e.detail)).toEqual([{ count: 1 }, { count: 1 }]);
  });
});
