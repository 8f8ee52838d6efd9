import request from 'supertest';
import { DataSource } from 'typeorm';
import { OutboxMail } from '../../server/mail/outbox-mail.entity.js';
import type { TestApp } from './app.js';
import type { TestUser } from './users.js';

export type TestAgent = ReturnType<typeof request.agent>;

/** A browser-like client: keeps cookies and sends the header our client adds to every write. */
export function browser(t: TestApp): TestAgent {
  return request.agent(t.server).set('X-Requested-With', 'XMLHttpRequest');
}

/** A browser signed in as this user through POST /api/auth/login. */
export async function signedIn(t: TestApp, account: Pick<TestUser, 'password'> & { user: { username: string } }): Promise<TestAgent> {
  const agent = browser(t);
  await agent.post('/api/auth/login').send({ username: account.user.username, password: account.password }).expect(200);
  return agent;
}

const sessions = new WeakMap<object, { signedInAt: number; headers: Promise<Record<string, string>> }>();
/**
 * A cached sign-in is used for 4 minutes: destructive routes ask a session for a sign-in
 * within the last 5 (@RecentAuthentication), and a long suite outlives that.
 */
const REUSE_SIGN_IN_MS = 4 * 60 * 1000;

/**
 * Headers that act as this account's signed-in browser: its session cookie (signed in
 * through POST /api/auth/login, then reused for a few minutes) and the CSRF header. For
 * routes an API key may not use: `request(t.server).post(…).set(await sessionHeaders(t, owner))`.
 */
export function sessionHeaders(t: TestApp, account: Pick<TestUser, 'password'> & { user: { username: string } }): Promise<Record<string, string>> {
  let cached = sessions.get(account);
  if (!cached || Date.now() - cached.signedInAt > REUSE_SIGN_IN_MS) {
    const headers = (async () => {
      const res = await request(t.server)
        .post('/api/auth/login')
        .set('X-Requested-With', 'XMLHttpRequest')
        .send({ username: account.user.username, password: account.password })
        .expect(200);
      return { Cookie: sessionCookie(res)!, 'X-Requested-With': 'XMLHttpRequest' };
    })();
    cached = { signedInAt: Date.now(), headers };
    sessions.set(account, cached);
  }
  return cached.headers;
}

/** The `kyc.sid` cookie a response sets, if any. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith('kyc.sid='))?.split(';')[0];
}

/** Polls the outbox until a message to this address with this subject arrives (mail goes out in the background). */
export async function waitForMail(t: TestApp, to: string, subject: RegExp, timeoutMs = 5000): Promise<OutboxMail> {
  const outbox = t.app.get(DataSource).getRepository(OutboxMail);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox.find({ where: { to }, order: { createdAt: 'DESC' } })).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function mailsTo(t: TestApp, to: string): Promise<OutboxMail[]> {
  return t.app.get(DataSource).getRepository(OutboxMail).findBy({ to });
}

/** The first link in a message's text that points at this client page, with its query parameters. */
export function linkIn(text: string, page: string): { url: URL; user: string; token: string } {
  const match = new RegExp(`https?://\\S+/${page}\\?\\S+`).exec(text);
  if (!match) throw new Error(`No /${page} link in the e-mail`);
  const url = new URL(match[0]);
  return { url, user: url.searchParams.get('user') ?? '', token: url.searchParams.get('token') ?? '' };
}
