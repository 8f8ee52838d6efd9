import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';

import { encodeRgbPng } from '../../server/applicants/fake/png.js';
import { startApp, type RunningApp } from './support/app.js';
import {
  documentScrollWidth,
  launchBrowser,
  newContext,
  resizeViewport,
  saveScreenshot,
  waitForPageCondition,
} from './support/browser.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhooks.js';

// The whole verification loop in Chromium against the built server: an integrator
// signs up and configures a webhook and a redirect URL; their customer verifies on
// /kyc with an ID card; a reviewer approves; the page hears it live and goes to the
// redirect URL; the integrator's endpoint receives the signed events.

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

// ---------------------------------------------------------------- test images

const inside = (x: number, y: number, left: number, top: number, right: number, bottom: number) =>
  x >= left && x < right && y >= top && y < bottom;

/** A pretend ID card side: a tinted card on a dark desk, a portrait box and lines of "text". */
function idCardImage(side: 'front' | 'back'): Buffer {
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

/** A pretend selfie: a face-coloured oval on a light wall. */
function selfieImage(): Buffer {
  return encodeRgbPng(720, 960, (x, y) => {
    const dx = (x - 360) / 190;
    const dy = (y - 430) / 250;
    if (dx * dx + dy * dy < 1) {
      if (((x - 290) ** 2 + (y - 390) ** 2 < 300) || ((x - 430) ** 2 + (y - 390) ** 2 < 300)) return [40, 40, 40];
      return [214, 170, 140];
    }
    if (y > 760) return [71, 85, 105];
    return [236, 233, 228];
  });
}

// ---------------------------------------------------------------- local HTTP servers

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/** The integrator's own site, where the customer lands after the verification. */
function integratorSite(): Server {
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

/** fetch with the integrator's session cookie, as the dashboard would send it. */
class Integrator {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        Origin: this.baseUrl,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookies.size > 0 ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

// ---------------------------------------------------------------- helpers on the page

/** Saves the page at phone and desktop size (kyc-<name>-375.png and -1280.png), then back to the phone. */
async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  await resizeViewport(page, MOBILE);
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  await saveScreenshot(page, `kyc-${name}-375`, true);
  await resizeViewport(page, DESKTOP);
  await saveScreenshot(page, `kyc-${name}-1280`, true);
  await resizeViewport(page, MOBILE);
}

async function heading(page: Page, name: string, timeout = 10_000): Promise<void> {
  try {
    await page.getByRole('heading', { name }).waitFor({ timeout });
  } catch (error) {
    // Say what the page shows instead, so a failure explains itself.
    const shown = await page.locator('body').innerText().catch(() => '(unreadable)');
    throw new Error(`No heading '${name}' on ${page.url()}; the page shows:\n${shown}`, { cause: error });
  }
}

async function uploadPhoto(page: Page, file: { name: string; buffer: Buffer }, screenshot?: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({ ...file, mimeType: file.name.endsWith('.png') ? 'image/png' : 'image/jpeg' });
  await page.getByRole('button', { name: 'Use this photo' }).waitFor();
  if (screenshot) await screenshotBothSizes(page, screenshot);
  await page.getByRole('button', { name: 'Use this photo' }).click();
}

// ---------------------------------------------------------------- the test

let app: RunningApp;
let browser: Browser;
let receiver: WebhookReceiver | undefined;
let site: Server | undefined;

beforeAll(async () => {
  // The webhook receiver and the redirect page run on 127.0.0.1.
  process.env.ALLOW_PRIVATE_WEBHOOKS = 'true';
  app = await startApp();
  // A local launch: the fake camera flags give the camera step a picture to show.
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await close(site);
  await app?.stop();
});

describe('verification flow', () => {
  it('takes an applicant from the /kyc link through review to the redirect URL, with signed webhooks', async () => {
    receiver = await startWebhookReceiver();
    const { received, url: webhookUrl } = receiver;
    site = integratorSite();
    const redirectUrl = `${await listen(site)}/done`;

    // The integrator signs up, creates an organization and sets the webhook and redirect URL.
    const integrator = new Integrator(app.url);
    await integrator.call('POST', '/api/auth/register', {
      email: 'integrator@acme.example',
      username: 'acme-integrator',
      password: 'correct-horse',
    });
    const organization = await integrator.call<{ id: string; companyKey: string }>('POST', '/api/projects', {
      name: 'Acme Bank',
    });

    // Before a webhook exists, the link explains that verification is not set up.
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      // 4xx answers the test causes on purpose are logged by Chromium as resource errors.
      if (message.type() !== 'error' || /status of (401|409)/.test(message.text())) return;
      // Once redirected, the integrator's page (and its missing favicon) is not ours to check.
      if (!message.location().url.startsWith(app.url)) return;
      pageErrors.push(`${message.text()} (${message.location().url})`);
    });
    const kycUrl = `${app.url}/kyc?companyKey=${encodeURIComponent(organization.companyKey)}&userId=customer-42`;
    await page.goto(kycUrl);
    await heading(page, 'Verification is not available yet');
    expect(await page.getByRole('alert').textContent()).toContain('Please configure your webhook');
    await screenshotBothSizes(page, '00-webhook-not-configured');

    await page.goto(`${app.url}/kyc?userId=customer-42`);
    await heading(page, 'This verification link is incomplete');
    await screenshotBothSizes(page, '00-link-incomplete');

    await integrator.call('PUT', '/api/users/webhook', { webhook: webhookUrl });
    await integrator.call('PUT', '/api/users/redirect-url', { redirectUrl });
    const { secret } = await integrator.call<{ secret: string }>('GET', '/api/webhooks/settings');

    // The customer opens the link and verifies with an ID card.
    await page.goto(kycUrl);
    await heading(page, 'Verify your identity for Acme Bank');
    await heading(page, 'Choose your document');
    await screenshotBothSizes(page, '01-document');

    await page.getByRole('button', { name: /ID card/ }).click();
    await heading(page, 'Front of your ID card');
    await screenshotBothSizes(page, '02-front');
    await uploadPhoto(page, { name: 'id-front.png', buffer: idCardImage('front') }, '02-front-preview');

    await heading(page, 'Back of your ID card');
    await screenshotBothSizes(page, '03-back');
    await uploadPhoto(page, { name: 'id-back.png', buffer: idCardImage('back') });

    await heading(page, 'Take a selfie');
    await screenshotBothSizes(page, '04-selfie');
    await uploadPhoto(page, { name: 'selfie.png', buffer: selfieImage() }, '04-selfie-preview');

    await heading(page, 'Your personal details');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This field is required').first().waitFor();
    await screenshotBothSizes(page, '05-personal-errors');
    await page.getByLabel('Full name').fill('Ana Souza');
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByLabel('Sex').selectOption('F');
    await page.getByLabel('Place of birth').fill('Porto Alegre');
    await page.getByLabel('Document number').fill('X1234567');
    await page.getByLabel('Country').fill('Brazil');
    await page.getByLabel('Issue date').fill('2021-01-02');
    await page.getByLabel('Expiry date').fill('2031-01-01');
    await page.getByLabel('Address').fill('Rua das Flores 12, Porto Alegre');
    await screenshotBothSizes(page, '05-personal');
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading(page, 'Review and submit');
    await screenshotBothSizes(page, '06-review');

    // Progress survives a reload: the session says every step is done, so the review comes back.
    await page.reload();
    await heading(page, 'Review and submit');
    expect(await page.getByText('Ana Souza').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Submit verification' }).click();
    await heading(page, "We're checking your documents…");
    expect(await page.getByRole('button', { name: 'Submit verification' }).count()).toBe(0);
    await screenshotBothSizes(page, '07-processing');

    // The integrator's endpoint hears of the submission and the automatic checks.
    const eventTypes = () => received.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type);
    await receiver.until(
      () => (['applicant.submitted', 'applicant.prechecked'].every((type) => eventTypes().includes(type)) ? true : undefined),
      'the applicant.submitted and applicant.prechecked webhooks',
      20_000,
    );

    // A reviewer approves; the page hears 'completed' live and leaves for the redirect URL after 2 s.
    await integrator.call('POST', `/api/projects/${organization.id}/applicants/customer-42/approve`);
    await heading(page, "You're verified", 10_000);
    await saveScreenshot(page, 'kyc-08-completed-375', true);
    const completedAt = Date.now();
    await page.waitForURL(redirectUrl, { timeout: 10_000 });
    expect(Date.now() - completedAt).toBeGreaterThanOrEqual(1500);
    await heading(page, 'Thanks');

    await receiver.until(() => (eventTypes().includes('applicant.decided') ? true : undefined), 'the applicant.decided webhook', 20_000);
    const webhook = new Webhook(secret);
    for (const delivery of received) {
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivery.headers[name])]),
      );
      expect(() => webhook.verify(delivery.body, headers)).not.toThrow();
    }
    const decided = received.map((delivery) => JSON.parse(delivery.body) as { type: string; data: unknown }).find((event) => event.type === 'applicant.decided');
    expect(JSON.stringify(decided)).toContain('customer-42');
    expect(pageErrors).toEqual([]);
    await context.close();

    // The camera step, with Chromium's fake camera: live preview, capture, preview.
    const cameraContext = await newContext(browser, { viewport: MOBILE });
    const camera = await cameraContext.newPage();
    await camera.goto(`${app.url}/kyc?companyKey=${encodeURIComponent(organization.companyKey)}&userId=customer-camera`);
    await heading(camera, 'Choose your document');
    await camera.getByRole('button', { name: /Driving licence/ }).click();
    await heading(camera, 'Front of your driving licence');
    await camera.getByRole('button', { name: 'Take a photo' }).click();
    await camera.getByRole('button', { name: 'Take photo' }).and(camera.locator(':enabled')).waitFor();
    // The fake camera's picture is playing, not just its first frame loaded.
    await waitForPageCondition(
      camera,
      `(() => { const video = document.querySelector('video.kyc-camera-video'); return Boolean(video && video.readyState >= 2 && !video.paused && video.currentTime > 0); })()`,
      'the camera preview to play',
    );
    await screenshotBothSizes(camera, '02-front-camera');
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await camera.getByRole('button', { name: 'Use this photo' }).click();
    await heading(camera, 'Back of your driving licence');

    // A rejection that asks for a resubmission reaches the page live, with a way to try again.
    await integrator.call('POST', `/api/projects/${organization.id}/applicants/customer-camera/reject`, {
      reason: 'The photo is blurred',
      rejectType: 'resubmission',
    });
    await heading(camera, "We couldn't verify your identity");
    await camera.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshotBothSizes(camera, '09-failed-resubmission');
    await camera.getByRole('button', { name: 'Try again' }).click();
    await heading(camera, 'Choose your document');
    await cameraContext.close();
  }, 180_000);
});
