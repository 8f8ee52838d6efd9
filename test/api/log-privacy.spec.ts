import { jest } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { AdminAccountsService } from '../../server/admin/admin-accounts.service.js';
import { AuthEmailsService } from '../../server/auth/auth-emails.service.js';
import { InvitationsService } from '../../server/organizations/invitations.service.js';
import { documentPhoto, pngImage } from '../fixtures/images.js';
import { browser, mailsTo, sessionHeaders, signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { waitUntil } from '../support/wait.js';

const PASSWORD = 'privacy-pass-7';
const ADMIN = { email: 'root.operator@privacy.example.test', password: 'root-operator-pass' };
const ALICE = { username: 'privacy.alice', email: 'alice.lastname@privacy.example.test', newEmail: 'alice.moved@privacy.example.test' };
const BOB = { username: 'privacy.bob', email: 'bob.lastname@privacy.example.test' };
const CAROL = { username: 'privacy.carol', email: 'carol.lastname@privacy.example.test' };
const APPLICANT = { name: 'Zelda Quillfeather', dateOfBirth: '1990-05-17', docNumber: 'ZQ9876543', expiryDate: '2031-01-01', country: 'Brazil' };

/** Every string that names a person in the run below; none may reach a log line. */
const PERSONAL = [
  ADMIN.email,
  ALICE.username,
  ALICE.email,
  ALICE.newEmail,
  BOB.username,
  BOB.email,
  CAROL.username,
  CAROL.email,
  APPLICANT.name,
  APPLICANT.docNumber,
];

/** An SMTP relay that refuses every recipient, quoting the address as real relays do. */
async function refusingRelay(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: mailbox full`), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * No personal data in logs: a realistic run — start-up with ADMIN_EMAIL, registration,
 * sign-in by name and by address, a failed sign-in, password reset and confirmation mails
 * (refused by the relay, which quotes the address), an invited admin, a member invited by
 * address, an e-mail change, a verification from link to decision — with every log level
 * on, captured from stdout, stderr and the console. Accounts appear by id only.
 */
describe('log lines', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof refusingRelay>>;
  const captured: string[] = [];
  const spies: { mockRestore(): void }[] = [];

  beforeAll(async () => {
    const capture = (chunk: unknown) => captured.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      spies.push(
        jest.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
          capture(chunk);
          return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
        }) as typeof stream.write),
      );
    }
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      spies.push(jest.spyOn(console, method).mockImplementation((...args: unknown[]) => capture(args.map(String).join(' '))));
    }
    relay = await refusingRelay();
    t = await startTestApp({ LOG_LEVEL: 'verbose', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: relay.url });
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
    spies.forEach((spy) => spy.mockRestore());
  });

  it('name accounts by id, never by e-mail address or name, over a realistic run', async () => {
    // Start-up: the first super-admin from ADMIN_EMAIL, and the line main.ts prints.
    const hint = await t.app.get(AdminAccountsService).ensureFirstSuperAdmin();
    captured.push(hint);

    // Registration (a confirmation e-mail the relay refuses), sign-in by name, by address, and a wrong password.
    const register = (who: { username: string; email: string }) =>
      browser(t).post('/api/auth/register').send({ username: who.username, email: who.email, password: PASSWORD }).expect(201);
    await register(ALICE);
    await register(BOB);
    const alice = await signedIn(t, { user: { username: ALICE.username }, password: PASSWORD });
    await browser(t).post('/api/auth/login').send({ username: ALICE.email.toUpperCase(), password: PASSWORD }).expect(200);
    await browser(t).post('/api/auth/login').send({ username: ALICE.email, password: 'not-the-password' }).expect(401);
    await browser(t).post('/api/auth/login').send({ username: 'nobody.privacy@privacy.example.test', password: PASSWORD }).expect(401);

    // Password reset mail, asked by address.
    await browser(t).post('/api/auth-emails/reset-password/start').query({ email: BOB.email }).expect(202);

    // An admin invited by the super-admin (set-password mail).
    const root = await signedIn(t, { user: { username: ADMIN.email }, password: ADMIN.password });
    await root.post('/api/users/register-admin').send({ username: CAROL.username, email: CAROL.email }).expect(201);

    // An organization, a member invited by address (an invitation e-mail), then one who does not exist.
    const organization = (await alice.post('/api/projects').send({ name: 'Privacy Ltd' }).expect(201)).body;
    await alice.post(`/api/projects/${organization.id}/invitations`).send({ usernameOrEmail: BOB.email }).expect(201);
    await alice.post(`/api/projects/${organization.id}/invitations`).send({ usernameOrEmail: 'ghost.privacy@privacy.example.test' }).expect(201);

    // A verification: the integrator's link, the end user's photos and data, the staff decision.
    const apiKey = (await alice.get('/api/api-keys').expect(200)).body.apiKey as string;
    const link = await request(t.server)
      .post('/api/kyc/sessions')
      .set('Authorization', `Bearer ${apiKey}`)
      .send({ organizationId: organization.id, userId: 'privacy-customer-1', name: APPLICANT.name })
      .expect(201);
    const secret = new URL(link.body.url).searchParams.get('session');
    const { token } = (await browser(t).post('/api/kyc/session-token').send({ session: secret }).expect(200)).body;
    const widget = { Authorization: `Bearer ${token}` };
    const photo = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'PASSPORT', data: photo(documentPhoto()) })
      .expect(200);
    await request(t.server)
      .post('/api/kyc/documents')
      .set(widget)
      .send({ docType: 'SELFIE', data: photo(pngImage(30, 40)) })
      .expect(200);
    await request(t.server).put('/api/kyc/personal-data').set(widget).send(APPLICANT).expect(200);
    await request(t.server).post('/api/kyc/submit').set(widget).expect(200);
    const applicant = `/api/projects/${organization.id}/applicants/privacy-customer-1`;
    await request(t.server).get(applicant).set('Authorization', `Bearer ${apiKey}`).expect(200);
    await alice.post(`${applicant}/approve`).send({}).expect(200);

    // An e-mail change (mails to the new and the old address), then every mail has been tried.
    await request(t.server)
      .post('/api/auth/change-email')
      .set(await sessionHeaders(t, { user: { username: ALICE.username }, password: PASSWORD }))
      .send({ password: PASSWORD, email: ALICE.newEmail })
      .expect(200);
    await t.app.get(AuthEmailsService).settled();
    await t.app.get(InvitationsService).settled();
    await waitUntil(async () => ((await mailsTo(t, ALICE.newEmail)).some((mail) => mail.status === 'failed') ? true : undefined));

    const log = captured.join('\n');
    // The run was logged (requests, refused mails with their reason, the created super-admin) …
    expect(log).toContain('"path":"/api/auth/login"');
    expect(log).toMatch(/could not be sent \(mail_outbox id [\w-]+\): .*<address>.*Recipient address rejected/);
    expect(log).toMatch(/Created the super-admin [0-9a-f-]{36} from ADMIN_EMAIL/);
    // … and no line names a person.
    const found = PERSONAL.filter((value) => log.toLowerCase().includes(value.toLowerCase()));
    expect(found).toEqual([]);
  }, 60_000);
});
