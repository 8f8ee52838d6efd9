import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

import { faceSubmissions } from '../fixtures/face-submission.js';
import { galleryFace, poseChallengePhotos } from '../fixtures/face-photos.js';
import type { TestUser } from '../support/users.js';
import { logInThroughForm } from './support/accounts.js';
import { startApp, type RunningApp } from './support/app.js';
import { documentScrollWidth, launchBrowser, newContext, resizeViewport, saveScreenshot } from './support/browser.js';
import { DESKTOP, Integrator, MOBILE } from './support/kyc.js';

// Issue 35, part 2: faces stored under faceres; the operator switches to dlib and restarts;
// the super-admin's Face models page shows the stored faces per model, then the background
// move running to completion (done of total, failed, started and finished), at 1280 and 375.

const SUPER_ADMIN = { email: 'root@example.com', password: 'super-secret-pass-1' };
const env = (model: string, migration: string) => ({
  ADMIN_EMAIL: SUPER_ADMIN.email,
  ADMIN_PASSWORD: SUPER_ADMIN.password,
  ANALYSIS_THREADS: '1',
  FACE_EMBEDDING_MODEL: model,
  FACE_MODEL_MIGRATION: migration,
});

let dataDir: string;
let app: RunningApp | undefined;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kyc-browser-face-models-'));
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openFaceModels(): Promise<Page> {
  const context = await newContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  await logInThroughForm(page, app!.url, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto(`${app!.url}/dashboard/user/me/face-models`);
  await page.getByRole('heading', { name: 'Face models', level: 1 }).waitFor();
  return page;
}

it("shows the stored faces per model and the move's progress to the super-admin, at 1280 and 375", async () => {
  // Before: two applicants' faces stored under faceres.
  app = await startApp({ dataDir, env: env('faceres', 'paused') });
  const integrator = new Integrator(app.url);
  await integrator.call('POST', '/api/auth/register', { email: 'models@acme.example', username: 'acme-models', password: 'correct-horse' });
  const organizationId = (await integrator.call<{ id: string }>('POST', '/api/projects', { name: 'Acme Bank' })).id;
  const apiKey = (await integrator.call<{ apiKey: string }>('GET', '/api/api-keys')).apiKey;
  const owner = { apiKey, auth: { Authorization: `Bearer ${apiKey}` } } as TestUser;
  const faces = faceSubmissions(app.url, owner, organizationId, 'face-models-browser');
  for (const [userId, portrait] of [
    ['models-1', 1],
    ['models-2', 3],
  ] as const) {
    await faces.submit(userId, { portrait: await galleryFace(portrait), selfie: poseChallengePhotos });
    await faces.checks(userId);
  }
  await app.stop();

  // The switch to dlib, the move paused: nothing moved yet, both models' thresholds and faces shown.
  app = await startApp({ dataDir, env: env('dlib', 'paused') });
  let page = await openFaceModels();
  const table = page.getByRole('table', { name: 'Stored faces by embedding model' });
  await table
    .getByRole('row', { name: /faceres/ })
    .getByText('0.720')
    .waitFor();
  await page.getByText('2 stored faces are under another model than dlib ResNet-34. The move is paused', { exact: false }).waitFor();
  await saveScreenshot(page, 'face-models-paused-1280', true);
  await page.context().close();
  await app.stop();

  // The move in the background: the page follows it to completion.
  app = await startApp({ dataDir, env: env('dlib', 'background') });
  page = await openFaceModels();
  await page.getByRole('progressbar', { name: 'Moving stored faces to dlib ResNet-34' }).waitFor();
  await page.getByText('2 of 2 faces reached', { exact: false }).waitFor({ timeout: 90_000 });
  await page.getByText('completed', { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('table', { name: 'Stored faces by embedding model' }).getByRole('row', { name: /dlib/ }).getByText('new faces').waitFor();
  await saveScreenshot(page, 'face-models-1280', true);
  await resizeViewport(page, MOBILE);
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  await saveScreenshot(page, 'face-models-375', true);
  await page.context().close();
}, 480_000);
