import { spawn } from 'node:child_process';

import type { BrowserContext, Locator, Page } from 'playwright-core';

import { Webhook } from 'standardwebhooks';

import { animationsFinished, documentScrollWidth, newContext, resizeViewport, saveScreenshot } from './support/browser.js';

import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';
import { browserSuite } from './support/suite.js';

// The developer screens in Chromium against the built server: an integrator sets a
// webhook to a local receiver, sends a test event, sees and redelivers it in the
// delivery log, copies and regenerates the API key, sets the redirect URL, and runs
// the documentation's own curl examples against this server.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };
const DEVELOPER = '/dashboard/user/me/developer';

function verifySignature(secret: string, delivery: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
}

/** Saves <name>-1280.png and <name>-375.png (full page) and checks nothing overflows on the phone. */
async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  // A full-page picture of a scrolled page draws the sticky header mid-page.
  await page.evaluate('window.scrollTo(0, 0)');
  await resizeViewport(page, DESKTOP);
  await saveScreenshot(page, `${name}-1280`, true);
  await resizeViewport(page, MOBILE);
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  await saveScreenshot(page, `${name}-375`, true);
  await resizeViewport(page, DESKTOP);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.toast-region').getByText(text, { exact: true }).waitFor({ timeout: 10_000 });
}

/** Dismisses every toast so the next screenshot and the next toast check start clean. */
async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

async function revealedText(page: Page, card: Locator, noun: string): Promise<string> {
  const show = card.getByRole('button', { name: `Show ${noun}` });
  if (await show.isVisible()) await show.click();
  const value = card.locator('[data-testid="secret-value"][data-revealed="true"]');
  await value.waitFor();
  return ((await value.textContent()) ?? '').trim();
}

function exampleCode(page: Page, id: string): Promise<string> {
  return page.locator(`[data-example="${id}"] code`).innerText();
}

/**
 * Runs a documentation example in bash with the integrator's variables set. Asynchronous:
 * the webhook receiver answering the server lives in this very process. With `stopWhen`, the
 * example is ended as soon as its output satisfies it (`stopped` then says so).
 */
function runExample(
  code: string,
  env: Record<string, string>,
  { timeoutSeconds = 10, stopWhen }: { timeoutSeconds?: number; stopWhen?: (stdout: string) => boolean } = {},
): Promise<{ status: number | null; stdout: string; stopped: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn('timeout', [String(timeoutSeconds), 'bash', '-c', code], { env: { ...process.env, ...env } });
    let stdout = '';
    let stopped = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stopped && stopWhen?.(stdout)) {
        stopped = true;
        child.kill('SIGTERM');
      }
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stopped }));
  });
}

let receiver: WebhookReceiver;
let context: BrowserContext | undefined;

// The local receiver listens on 127.0.0.1, which the SSRF guard refuses unless allowed.
const suite = browserSuite({ app: { env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } } });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await context?.close();
  await receiver?.close();
});

describe('developer screens', () => {
  it('webhook, test event, delivery log with redelivery, API key copy and regenerate, redirect URL, runnable docs', async () => {
    context = await newContext(suite.browser, { viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.url });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
    page.on('console', (message) => {
      // The 400 of the deliberately invalid redirect URL is logged by Chromium as a resource error.
      if (message.type() === 'error' && !/status of 400/.test(message.text())) problems.push(message.text());
    });

    // ------------------------------------------------------------- sign up (the API shares the page's cookies)
    const headers = { 'X-Requested-With': 'XMLHttpRequest', Origin: suite.app.url };
    const registered = await context.request.post(`${suite.app.url}/api/auth/register`, {
      headers,
      data: { email: 'dev@acme.example', username: 'acme-dev', password: 'correct-horse' },
    });
    expect(registered.status()).toBe(201);
    const organizationResponse = await context.request.post(`${suite.app.url}/api/projects`, {
      headers,
      data: { name: 'Acme onboarding' },
    });
    expect(organizationResponse.status()).toBe(201);
    const organization = (await organizationResponse.json()) as { id: string; companyKey: string };

    // ------------------------------------------------------------- webhook: none yet, then add one
    await page.goto(`${suite.app.url}${DEVELOPER}/webhooks`);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(await page.getByTestId('webhook-url').textContent()).toBe('No webhook configured');
    expect(await page.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    await page.getByText('No events yet.', { exact: false }).waitFor();

    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { name: 'Add webhook', level: 1 }).waitFor();
    await page.getByLabel('Webhook URL').fill('ftp://files.example.com');
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await page.getByText('This field is invalid').waitFor();
    await page.getByLabel('Webhook URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await toast(page, 'Successfully created webhook');
    await page.waitForURL(`${suite.app.url}${DEVELOPER}/webhooks`);
    await page.getByTestId('webhook-url').getByText(receiver.url).waitFor();

    const secretCard = page.locator('section.card', { has: page.getByRole('heading', { name: 'Signing secret' }) });
    const secret = await revealedText(page, secretCard, 'signing secret');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await secretCard.getByRole('button', { name: 'Hide signing secret' }).click();

    // ------------------------------------------------------------- test event reaches the receiver, signed
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, 'Test event delivered: your endpoint answered 200');
    const [first] = await receiver.waitFor(1);
    expect(verifySignature(secret, first)).toMatchObject({ type: 'webhook.test' });

    const row = page.getByTestId('delivery-log-row').filter({ hasText: 'webhook.test' });
    await row.getByText('Delivered').waitFor();
    expect((await row.getByTestId('event-attempts').textContent())?.trim()).toBe('1');
    expect(await row.getByText('200', { exact: true }).isVisible()).toBe(true);
    expect(await row.getAttribute('data-event-id')).toBe(first.headers['webhook-id']);

    // ------------------------------------------------------------- redeliver: a second, identical-id delivery
    await dismissToasts(page);
    await row.getByRole('button', { name: /^Redeliver webhook\.test/ }).click();
    await toast(page, 'Event redelivered: your endpoint answered 200');
    const deliveries = await receiver.waitFor(2);
    expect(deliveries[1].headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(deliveries[1].body).toBe(first.body);
    expect(verifySignature(secret, deliveries[1])).toMatchObject({ type: 'webhook.test' });
    await row
      .getByTestId('event-attempts')
      .filter({ hasText: /^\s*2\s*$/ })
      .waitFor();

    await row.getByRole('button', { name: 'Show attempts of webhook.test' }).click();
    const attempts = page.getByTestId('delivery-attempt');
    await attempts.nth(1).waitFor();
    expect(await attempts.count()).toBe(2);
    expect(await attempts.nth(0).textContent()).toContain('#1');
    expect(await attempts.nth(1).textContent()).toContain('#2');

    // ------------------------------------------------------------- a failed attempt waits for its retry, then succeeds
    receiver.answer(500);
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, 'Test event not delivered: The receiver answered 500');
    const rows = page.getByTestId('delivery-log-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    const retrying = rows.first();
    await retrying.getByText('Failed · retrying').waitFor();
    expect(await retrying.getByText('500', { exact: true }).isVisible()).toBe(true);
    expect(await retrying.locator('td[data-label="Next retry"]').textContent()).toMatch(/^in \d+ seconds?$|^now$/);
    await dismissToasts(page);
    await screenshotBothSizes(page, 'developer-webhooks');
    // The dispatcher retries after 5 s; the log refreshes itself while an event is pending.
    await retrying.getByText('Delivered').waitFor({ timeout: 20_000 });
    expect((await retrying.getByTestId('event-attempts').textContent())?.trim()).toBe('2');
    expect(receiver.received).toHaveLength(4);

    // ------------------------------------------------------------- API key: masked, copy, regenerate
    await page.goto(`${suite.app.url}${DEVELOPER}/keys`);
    await page.getByRole('heading', { name: 'API Key', level: 1 }).waitFor();
    const keyCard = page.locator('section.card', { has: page.getByRole('heading', { name: 'Secret API key' }) });
    const masked = (await keyCard.getByTestId('secret-value').textContent()) ?? '';
    expect(masked).toMatch(/^kyc_sk_•+/);
    await dismissToasts(page);
    await screenshotBothSizes(page, 'developer-api-key');

    await keyCard.getByRole('button', { name: 'Copy API key' }).click();
    await toast(page, 'Copied API Key to clipboard');
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    const oldKey = await revealedText(page, keyCard, 'API key');
    expect(copied).toBe(oldKey);
    expect(oldKey).toMatch(/^kyc_sk_/);
    const meWith = (key: string) => fetch(`${suite.app.url}/api/users/me`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await meWith(oldKey)).status).toBe(200);

    await dismissToasts(page);
    await keyCard.getByRole('button', { name: 'Regenerate key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate API key?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('the current key stops working immediately');
    await animationsFinished(page); // the dialog's opening animation
    await saveScreenshot(page, 'developer-api-key-regenerate-1280');
    await dialog.getByRole('button', { name: 'Regenerate key' }).click();
    await toast(page, 'Successfully re-generated API key');
    // The card shows the new key, masked or not: neither the old key nor its mask.
    await keyCard.getByTestId('secret-value').filter({ hasNotText: oldKey }).filter({ hasNotText: masked }).waitFor();
    const newKey = await revealedText(page, keyCard, 'API key');
    expect(newKey).not.toBe(oldKey);
    expect(newKey).toMatch(/^kyc_sk_/);
    expect((await meWith(oldKey)).status).toBe(401);
    expect((await meWith(newKey)).status).toBe(200);

    // ------------------------------------------------------------- redirect URL: mapped server message, then saved
    await page.goto(`${suite.app.url}${DEVELOPER}/redirect-url`);
    await page.getByRole('heading', { name: 'Redirect URL', level: 1 }).waitFor();
    expect(await page.getByTestId('redirect-url').textContent()).toBe('No redirect URL configured');
    await page.getByRole('link', { name: 'Add redirect URL' }).click();
    await page.getByRole('heading', { name: 'Add redirect URL', level: 1 }).waitFor();
    // The browser's URL parser accepts it; the server's stricter check answers 'redirectUrl must be a URL address'.
    await page.getByLabel('Redirect URL').fill('http://under_score');
    await page.getByRole('button', { name: 'Save redirect URL' }).click();
    await page.getByText('redirect link must be a valid url address').waitFor();
    const redirectUrl = 'https://www.acme.example/verification-done';
    await page.getByLabel('Redirect URL').fill(redirectUrl);
    await page.getByRole('button', { name: 'Save redirect URL' }).click();
    await toast(page, 'Successfully registered a redirect url');
    await page.waitForURL(`${suite.app.url}${DEVELOPER}/redirect-url`);
    await page.getByTestId('redirect-url').getByText(redirectUrl).waitFor();
    await dismissToasts(page);
    await screenshotBothSizes(page, 'developer-redirect-url');

    // ------------------------------------------------------------- documentation: the examples run as written
    await page.goto(`${suite.app.url}${DEVELOPER}`);
    await page.getByRole('heading', { name: 'Documentation', level: 1 }).waitFor();
    expect(await page.getByTestId('docs-base-url').textContent()).toBe(suite.app.url);
    const reference = page.getByRole('link', { name: /OpenAPI/ }).first();
    expect(await reference.getAttribute('href')).toBe('/api/docs');
    expect((await fetch(`${suite.app.url}/api/docs`)).status).toBe(200);

    const env = { KYC_API_KEY: newKey, KYC_ORGANIZATION_ID: organization.id, KYC_COMPANY_KEY: organization.companyKey };
    const json = async (id: string, code: string) => {
      const { status, stdout } = await runExample(code, env);
      expect({ id, status }).toEqual({ id, status: 0 });
      return JSON.parse(stdout) as Record<string, unknown>;
    };

    expect(await json('users-me', await exampleCode(page, 'users-me'))).toMatchObject({ username: 'acme-dev' });
    expect(await json('organizations', await exampleCode(page, 'organizations'))).toEqual([
      expect.objectContaining({ id: organization.id, companyKey: organization.companyKey }),
    ]);
    // The recommended way first: a verification link the integrator's server creates, then revokes.
    const withStatus = async (id: string, code: string, extra: Record<string, string> = {}) => {
      // The status code on a last line of its own, after the body.
      const { status, stdout } = await runExample(`${code} -sS -w '\\n%{http_code}'`, { ...env, ...extra });
      expect({ id, status }).toEqual({ id, status: 0 });
      const lines = stdout.split('\n');
      return { httpStatus: Number(lines.pop()), body: lines.join('\n') };
    };
    const created = await withStatus('create-session', await exampleCode(page, 'create-session'));
    expect(created.httpStatus).toBe(201);
    const createdSession = JSON.parse(created.body) as { sessionId: string; url: string; expiresAt: string };
    expect(createdSession).toEqual({ sessionId: expect.any(String), url: expect.stringMatching(/\/kyc\?session=[\w-]{20,}$/), expiresAt: expect.any(String) });
    // Run again as written (a retry): its Idempotency-Key answers the first link and creates none.
    const retried = await withStatus('create-session (retry)', await exampleCode(page, 'create-session'));
    expect({ httpStatus: retried.httpStatus, body: JSON.parse(retried.body) as unknown }).toEqual({ httpStatus: 201, body: createdSession });
    const exchange = () =>
      fetch(`${suite.app.url}/api/kyc/session-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ session: new URL(createdSession.url).searchParams.get('session') }),
      });
    expect((await exchange()).status).toBe(200);
    const revoked = await withStatus('revoke-session', await exampleCode(page, 'revoke-session'), { KYC_SESSION_ID: createdSession.sessionId });
    expect(revoked).toEqual({ httpStatus: 204, body: '' });
    const refused = await exchange();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('SESSION_LINK_INVALID');

    // The public companyKey link never continues a verification a server-created link began,
    // revoked or not (security finding 8) …
    expect(await json('get-new-token', await exampleCode(page, 'get-new-token'))).toMatchObject({ code: 'VERIFICATION_IN_PROGRESS' });
    // … it starts a new applicant's.
    const anotherUser = (code: string) => code.replaceAll('customer-42', 'customer-43');
    const issued = await json('get-new-token', anotherUser(await exampleCode(page, 'get-new-token')));
    expect(issued).toMatchObject({ status: 'ok', code: 'OK', token: expect.any(String), scope: 'edit', resumeSecret: expect.any(String) });

    // The stream stays open: read it until the applicant's status arrives, then hang up.
    const pending = `data: {"status":"pending","redirectUrl":"${redirectUrl}"}`;
    const stream = await runExample(
      anotherUser(await exampleCode(page, 'status-stream')),
      { ...env, KYC_TOKEN: String(issued.token) },
      { stopWhen: (stdout) => stdout.includes(pending) },
    );
    expect(stream.stdout).toContain(pending);
    expect(stream.stopped).toBe(true);

    expect(await json('applicants-list', await exampleCode(page, 'applicants-list'))).toMatchObject({
      // The session example prefilled the name: the applicant's verification has begun.
      items: [expect.objectContaining({ userId: 'customer-42', kycStatus: 'pending' }), expect.objectContaining({ userId: 'customer-43' })],
      meta: expect.objectContaining({ page: 1 }),
    });
    expect(await json('applicant-details', await exampleCode(page, 'applicant-details'))).toMatchObject({
      applicant: expect.objectContaining({ userId: 'customer-42' }),
    });

    // The settings examples, pointed at the local receiver instead of the placeholder host.
    const setWebhook = (await exampleCode(page, 'set-webhook')).replace('https://api.acme.example/kyc-webhook', receiver.url);
    expect(await json('set-webhook', setWebhook)).toMatchObject({ webhook: receiver.url });
    expect(await json('set-redirect-url', await exampleCode(page, 'set-redirect-url'))).toMatchObject({ redirectUrl });
    const before = receiver.received.length;
    const testEvent = await json('send-test-event', await exampleCode(page, 'send-test-event'));
    expect(testEvent).toMatchObject({ type: 'webhook.test', status: 'delivered' });
    // Sent again as written: the Idempotency-Key answers the first event and sends nothing more.
    expect(await json('send-test-event (retry)', await exampleCode(page, 'send-test-event'))).toEqual(testEvent);
    expect(receiver.received.length).toBe(before + 1);

    // The delivery log: the test event, newest first, and its one attempt.
    expect(await json('webhook-events', await exampleCode(page, 'webhook-events'))).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: testEvent.id, type: 'webhook.test', status: 'delivered' })]),
      meta: expect.objectContaining({ page: 1 }),
    });
    const attemptsOfTest = await runExample(await exampleCode(page, 'webhook-deliveries'), { ...env, KYC_EVENT_ID: String(testEvent.id) });
    expect(JSON.parse(attemptsOfTest.stdout)).toEqual([expect.objectContaining({ attempt: 1, responseCode: 200, error: null })]);

    // Erasure last: the applicant of the examples above is gone, its tombstone answered.
    expect(await json('erase-applicant', await exampleCode(page, 'erase-applicant'))).toMatchObject({
      reason: 'Data subject request',
      erasedBy: 'acme-dev',
    });
    const erased = await withStatus('applicant-details (erased)', await exampleCode(page, 'applicant-details'));
    expect(erased.httpStatus).toBe(404);

    // The copy button copies an example exactly as shown.
    const usersMe = page.locator('[data-example="users-me"]');
    await usersMe.getByRole('button', { name: /^Copy / }).click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(await exampleCode(page, 'users-me'));

    await screenshotBothSizes(page, 'developer-documentation');
    expect(problems).toEqual([]);
    // Every screen and every example of the guide, run for real: longer than one screen's test.
  }, 120_000);

  it('the interactive reference the documentation links to shows each operation and the webhooks', async () => {
    const page = await (await newContext(suite.browser, { viewport: DESKTOP })).newPage();
    // Swagger UI draws the operations as they scroll into view: a deep link opens one (deepLinking).
    await page.goto(`${suite.app.url}/api/docs#/kyc/Kyc_createSession`);
    const operation = page.locator('#operations-kyc-Kyc_createSession');
    await operation.getByText('Create a verification session').waitFor({ timeout: 30_000 });
    // Its description, the optional Idempotency-Key and its error codes.
    await operation.getByText('Retries are safe with an').waitFor();
    expect(await operation.locator('tr[data-param-name="Idempotency-Key"]').count()).toBe(1);
    expect(await operation.locator('tr[data-param-name="Idempotency-Key"] .required').count()).toBe(0);
    await operation.getByText('IDEMPOTENCY_KEY_REUSED').first().waitFor();
    // Swagger UI is the library's own page: its accessibility is not ours to check here.
    await saveScreenshot(page, 'api-reference-session-1280', false, { checkAccessibility: false });

    // A new load: Swagger UI follows the hash it starts with, not a later change of it.
    await page.goto('about:blank');
    await page.goto(`${suite.app.url}/api/docs#/webhooks/Webhook_applicant_decided`);
    const webhook = page.locator('#operations-webhooks-Webhook_applicant_decided');
    await webhook.getByText('webhook-signature').first().waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'api-reference-webhook-1280', false, { checkAccessibility: false });
    await page.context().close();
    // Two loads of a 1 MB document on a shared machine.
  }, 90_000);
});
