import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';

import { fakeApplicant, type FakeApplicant } from '../../../server/fake-data/fake-applicant.js';
import { encodeRgbPng } from '../../../server/fake-data/png.js';
import type { RunningApp } from './app.js';
import { documentScrollWidth, newContext, resizeViewport, saveScreenshot } from './browser.js';
import { browserSuite } from './suite.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../support/webhook-receiver.js';

// What the verification suites share: pretend photos, the integrator's own site and API
// calls, and the page helpers of /kyc.

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

// ---------------------------------------------------------------- test images

const inside = (x: number, y: number, left: number, top: number, right: number, bottom: number) => x >= left && x < right && y >= top && y < bottom;

/** A pretend ID card side: a tinted card on a dark desk, a portrait box and lines of "text". */
export function idCardImage(side: 'front' | 'back'): Buffer {
  const width = 1200;
  const height = 800;
  return encodeRgbPng(width, height, (x, y) => {
    if (!inside(x, y, 100, 110, 1100, 690)) return [38, 44, 56];
    if (side === 'front' && inside(x, y, 160, 200, 420, 540)) {
      const dx = (x - 290) / 80;
      const dy = (y - 330) / 95;
      if (dx * dx + dy * dy < 1) return [196, 150, 120];
      return [150, 170, 190];
    }
    if (inside(x, y, 100, 110, 1100, 170)) return [21, 128, 61];
    const line = side === 'front' ? [230, 300, 370, 440, 510] : [230, 280, 330, 380, 560, 600];
    const left = side === 'front' ? 480 : 160;
    for (const top of line) if (inside(x, y, left, top, left + 520 - (top % 3) * 90, top + 24)) return [51, 65, 85];
    return [226, 240, 233];
  });
}

/** A pretend selfie: a face-coloured oval on a light wall; `turned`, its eyes moved to one side (the pose challenge's second photo). */
export function selfieImage(turned = false): Buffer {
  const eyes = turned ? -50 : 0;
  return encodeRgbPng(720, 960, (x, y) => {
    const dx = (x - 360) / 190;
    const dy = (y - 430) / 250;
    if (dx * dx + dy * dy < 1) {
      if ((x - 290 - eyes) ** 2 + (y - 390) ** 2 < 300 || (x - 430 - eyes) ** 2 + (y - 390) ** 2 < 300) return [40, 40, 40];
      return [214, 170, 140];
    }
    if (y > 760) return [71, 85, 105];
    return [236, 233, 228];
  });
}

// ---------------------------------------------------------------- local HTTP servers

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const closeServer = (server: Server | undefined) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/** The integrator's own site, where the customer lands after the verification. */
export function integratorSite(): Server {
  return createServer((req, res) => {
    if (req.url?.startsWith('/done')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><head><title>Thanks</title></head><body><h1>Thanks</h1><p>Your account is ready.</p></body></html>');
    } else {
      res.writeHead(404).end();
    }
  });
}

// ---------------------------------------------------------------- the integrator's API calls

/** fetch with the integrator's session cookie, as the dashboard would send it (or with a bearer key). */
export class Integrator {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async call<T>(method: string, path: string, body?: unknown, { bearer }: { bearer?: string } = {}): Promise<T> {
    const { status, text } = await this.send(method, path, body, { bearer });
    if (status < 200 || status >= 300) throw new Error(`${method} ${path} answered ${status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Any answer, with its status: for the calls a test expects to be refused. */
  async send(method: string, path: string, body?: unknown, { bearer }: { bearer?: string } = {}): Promise<{ status: number; text: string }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(bearer
          ? { Authorization: `Bearer ${bearer}` }
          : {
              'X-Requested-With': 'XMLHttpRequest',
              Origin: this.baseUrl,
              ...(this.cookies.size > 0 ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
            }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return { status: response.status, text: await response.text() };
  }

  /** Signs a browser context in as the integrator (the dashboard's session cookie). */
  async signIn(context: BrowserContext): Promise<void> {
    await context.addCookies([...this.cookies].map(([name, value]) => ({ name, value, url: this.baseUrl })));
  }
}

/** A running app, a browser and a webhook receiver, with one integrator signed up: an organization, its webhook, its API key. */
export interface IntegratorSetup {
  readonly app: RunningApp;
  readonly browser: Browser;
  readonly receiver: WebhookReceiver;
  readonly integrator: Integrator;
  readonly organizationId: string;
  readonly apiKey: string;
}

/**
 * The verification suites' setup, at the top of a suite file: browserSuite (private webhook
 * addresses allowed, with `env`), a webhook receiver and the integrator's account, organization,
 * webhook and API key; the receiver is closed after the suite.
 */
export function integratorSuite(account: { email: string; username: string }, env: Record<string, string> = {}): IntegratorSetup {
  const suite = browserSuite({ app: { env: { ALLOW_PRIVATE_WEBHOOKS: 'true', ...env } } });
  let signedUp: Omit<IntegratorSetup, 'app' | 'browser'> | undefined;
  beforeAll(async () => {
    const receiver = await startWebhookReceiver();
    const integrator = new Integrator(suite.app.url);
    await integrator.call('POST', '/api/auth/register', { ...account, password: 'correct-horse' });
    const organizationId = (await integrator.call<{ id: string }>('POST', '/api/projects', { name: 'Acme Bank' })).id;
    await integrator.call('PUT', '/api/users/webhook', { webhook: receiver.url });
    const apiKey = (await integrator.call<{ apiKey: string }>('GET', '/api/api-keys')).apiKey;
    signedUp = { receiver, integrator, organizationId, apiKey };
  });
  afterAll(() => signedUp?.receiver.close());
  const ready = () => {
    if (!signedUp) throw new Error('the integrator is not signed up yet: use the setup in a hook or a test');
    return signedUp;
  };
  return {
    get app() {
      return suite.app;
    },
    get browser() {
      return suite.browser;
    },
    get receiver() {
      return ready().receiver;
    },
    get integrator() {
      return ready().integrator;
    },
    get organizationId() {
      return ready().organizationId;
    },
    get apiKey() {
      return ready().apiKey;
    },
  };
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * The end user goes through the verification page's API (an ID card, the selfie's two poses,
 * their data) on a link from the integrator's key; resolves with the link once the
 * submission's analyses are in (each raises the applicant's version: a decision made before
 * would be refused as stale).
 */
export async function submitThroughApi(setup: IntegratorSetup, userId: string): Promise<string> {
  const { integrator, organizationId, apiKey } = setup;
  const link = await integrator.call<{ url: string }>('POST', '/api/kyc/sessions', { organizationId, userId }, { bearer: apiKey });
  const endUser = new Integrator(setup.app.url);
  const { token } = await endUser.call<{ token: string }>('POST', '/api/kyc/session-token', { session: new URL(link.url).searchParams.get('session') });
  const widget = { bearer: token };
  await endUser.call('POST', '/api/kyc/documents', { docType: 'ID_CARD', side: 'front', data: dataUrl(idCardImage('front')) }, widget);
  await endUser.call('POST', '/api/kyc/documents', { docType: 'ID_CARD', side: 'back', data: dataUrl(idCardImage('back')) }, widget);
  await endUser.call('POST', '/api/kyc/documents', { docType: 'SELFIE', pose: 'facing', data: dataUrl(selfieImage()) }, widget);
  await endUser.call('POST', '/api/kyc/documents', { docType: 'SELFIE', pose: 'turned', data: dataUrl(selfieImage(true)) }, widget);
  await endUser.call(
    'PUT',
    '/api/kyc/personal-data',
    { name: 'Ana Souza', dateOfBirth: '1990-05-17', sex: 'F', docNumber: 'X1234567', expiryDate: '2031-01-01', country: 'Brazil' },
    widget,
  );
  await endUser.call('POST', '/api/kyc/submit', undefined, widget);
  const done = ['document-read', 'face-match', 'sanctions-screening'];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const checks = await integrator.call<{ name: string }[]>('GET', `/api/projects/${organizationId}/applicants/${userId}/checks`);
    if (done.every((name) => checks.some((check) => check.name === name))) return link.url;
    if (Date.now() > deadline) throw new Error(`The analyses of ${userId} did not finish: ${checks.map((check) => check.name).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first `count` passport holders (with a name and a document number) of a fixed generated series. */
export function passportHolders(seed: string, count: number): FakeApplicant[] {
  const now = new Date('2026-06-01T00:00:00Z');
  const holders: FakeApplicant[] = [];
  for (let index = 0; holders.length < count; index += 1) {
    const person = fakeApplicant(index, { seed, now });
    if (person.documentType === 'PASSPORT' && person.docNumber && person.name) holders.push(person);
  }
  return holders;
}

// ---------------------------------------------------------------- helpers on the page

/**
 * The end user opens a verification link made with the integrator's key, on a phone-sized
 * page, and chooses a passport: resolves with the page, the errors it logs, and the side the
 * session asks the head to turn to (it comes with the session the page loads; the selfies are
 * chosen for it).
 */
export async function openPassportVerification(
  setup: Pick<IntegratorSetup, 'app' | 'browser' | 'integrator' | 'organizationId' | 'apiKey'>,
  userId: string,
): Promise<{ page: Page; errors: string[]; turn: 'left' | 'right' }> {
  const { url } = await setup.integrator.call<{ url: string }>(
    'POST',
    '/api/kyc/sessions',
    { organizationId: setup.organizationId, userId },
    { bearer: setup.apiKey },
  );
  const context = await newContext(setup.browser, { viewport: MOBILE });
  const page = await context.newPage();
  const errors = watchKycPage(page, setup.app.url);
  const sessionLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/kyc/session' && response.request().method() === 'GET');
  await page.goto(url);
  const turn = ((await (await sessionLoaded).json()) as { selfieChallenge: { turn: 'left' | 'right' } }).selfieChallenge.turn;
  await heading(page, 'Choose your document');
  await page.getByRole('button', { name: /Passport/ }).click();
  await heading(page, 'Photo page of your passport');
  return { page, errors, turn };
}

/** After the selfies: the passport holder's details typed as printed, the verification submitted, the page's errors none; the page is closed. */
export async function submitPassportDetails(
  page: Page,
  errors: string[],
  person: { name?: string | null; dateOfBirth?: string | null; docNumber?: string | null },
): Promise<void> {
  await heading(page, 'Your personal details');
  await fillPersonalData(page);
  await page.getByLabel('Full name').fill(person.name ?? '');
  await page.getByLabel('Date of birth').fill(person.dateOfBirth ?? '');
  await page.getByLabel('Document number').fill(person.docNumber ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Review and submit');
  await page.getByRole('button', { name: 'Submit verification' }).click();
  await heading(page, "We're checking your documents…");
  expect(errors).toEqual([]);
  await page.context().close();
}

/** Saves the page at phone and desktop size (kyc-<name>-375.png and -1280.png), then back to the phone. */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  await resizeViewport(page, MOBILE);
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  await saveScreenshot(page, `kyc-${name}-375`, true);
  await resizeViewport(page, DESKTOP);
  await saveScreenshot(page, `kyc-${name}-1280`, true);
  await resizeViewport(page, MOBILE);
}

export async function heading(page: Page, name: string, timeout = 10_000): Promise<void> {
  try {
    await page.getByRole('heading', { name }).waitFor({ timeout });
  } catch (error) {
    // Say what the page shows instead, so a failure explains itself.
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '(unreadable)');
    throw new Error(`No heading '${name}' on ${page.url()}; the page shows:\n${shown}`, { cause: error });
  }
}

export async function uploadPhoto(page: Page, file: { name: string; buffer: Buffer }, screenshot?: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({ ...file, mimeType: file.name.endsWith('.png') ? 'image/png' : 'image/jpeg' });
  await page.getByRole('button', { name: 'Use this photo' }).waitFor();
  if (screenshot) await screenshotBothSizes(page, screenshot);
  await page.getByRole('button', { name: 'Use this photo' }).click();
}

/**
 * The selfie step's two photos: facing the camera, then the head turned to the side the
 * session asks (either). `screenshot` names the screenshots of the facing photo's preview
 * (`<name>-preview`) and of the turn request (`<name>-turn`).
 */
export async function takeSelfies(
  page: Page,
  photos: { facing: Buffer; turned: Buffer } = { facing: selfieImage(), turned: selfieImage(true) },
  screenshot?: string,
): Promise<void> {
  await uploadPhoto(page, { name: 'selfie.png', buffer: photos.facing }, screenshot && `${screenshot}-preview`);
  await page.getByRole('heading', { name: /^Now turn your head to your (left|right)$/ }).waitFor({ timeout: 10_000 });
  if (screenshot) await screenshotBothSizes(page, `${screenshot}-turn`);
  await uploadPhoto(page, { name: 'selfie-turned.png', buffer: photos.turned });
}

/** Fills the personal data step with Ana Souza's ID card. */
export async function fillPersonalData(page: Page): Promise<void> {
  await page.getByLabel('Full name').fill('Ana Souza');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Sex').selectOption('F');
  await page.getByLabel('Place of birth').fill('Porto Alegre');
  await page.getByLabel('Document number').fill('X1234567');
  await page.getByLabel('Country').fill('Brazil');
  await page.getByLabel('Issue date').fill('2021-01-02');
  await page.getByLabel('Expiry date').fill('2031-01-01');
  await page.getByLabel('Address').fill('Rua das Flores 12, Porto Alegre');
}

/**
 * Collects what goes wrong on a /kyc page: uncaught errors and console errors, except the
 * 4xx answers a test causes on purpose (`expected`, e.g. /status of (401|409)/) and what
 * the integrator's own page logs once the customer was sent there.
 */
export function watchKycPage(page: Page, appUrl: string, expected: RegExp = /status of 40[19]\b/): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error' || expected.test(message.text())) return;
    if (!message.location().url.startsWith(appUrl)) return;
    problems.push(`${message.text()} (${message.location().url})`);
  });
  return problems;
}

/** The body text, for checks that a page says nothing about the applicant. */
export function bodyText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/** Every delivery's event type, in order of arrival. */
export function eventTypes(received: ReceivedWebhook[]): string[] {
  return received.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type);
}

/** Checks every delivery's Standard Webhooks signature with the integrator's secret. */
export function expectSigned(received: ReceivedWebhook[], secret: string): void {
  const webhook = new Webhook(secret);
  for (const delivery of received) {
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivery.headers[name])]));
    expect(() => webhook.verify(delivery.body, headers)).not.toThrow();
  }
}
