import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { expectToast } from './support/accounts.js';
import { repoRoot, startApp, type RunningApp } from './support/app.js';
import { documentScrollWidth, launchBrowser, newContext, saveScreenshot, waitForDocumentImage } from './support/browser.js';

// Data protection in Chromium against the built server: an owner erases an applicant
// from its details page (a reason, the userId typed again) and sees the tombstone.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };
const ORGANIZATION_NAME = 'Browser Erasure Co';

let app: RunningApp;
let browser: Browser;
let headers: Record<string, string>;
let cookie: { name: string; value: string };
let organizationId: string;
const contexts: BrowserContext[] = [];
const consoleErrors: string[] = [];

async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${app.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function open(viewport = DESKTOP): Promise<Page> {
  const context = await newContext(browser, { viewport });
  contexts.push(context);
  await context.addCookies([{ ...cookie, url: app.url }]);
  const page = await context.newPage();
  page.on('console', (message) => {
    // The applicant is gone after the erasure: its details answer 404 (as an unknown one does).
    if (message.type() === 'error' && !/status of 404/.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`Uncaught: ${error.message}`));
  return page;
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const response = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: app.url },
    body: JSON.stringify({ email: 'dpo@example.com', username: 'dpo', password: 'correct-horse-battery' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  const match = /kyc\.sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (!match) throw new Error('no session cookie');
  cookie = { name: 'kyc.sid', value: match[1] };
  headers = { Cookie: `kyc.sid=${match[1]}`, 'X-Requested-With': 'XMLHttpRequest', Origin: app.url, 'Content-Type': 'application/json' };
  organizationId = (await apiJson<{ id: string }>('/api/projects', { method: 'POST', body: JSON.stringify({ name: ORGANIZATION_NAME }) })).id;
  await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'dist/server/cli/seed.js'), '--organization', ORGANIZATION_NAME, '--applicants', '6', '--seed', 'erasure'],
    { cwd: repoRoot, env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: app.dataDir } },
  );
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('erasure', () => {
  it('erases an applicant from its details page and shows the tombstone (1280 and 375 px)', async () => {
    const list = await apiJson<{ items: { userId: string; kycStatus: string }[] }>(`/api/projects/${organizationId}/applicants?pageSize=100`);
    let userId = '';
    for (const item of list.items) {
      const details = await apiJson<{ identity: { images: unknown[] } }>(`/api/projects/${organizationId}/applicants/${encodeURIComponent(item.userId)}`);
      if (details.identity.images.length > 0) {
        userId = item.userId;
        break;
      }
    }
    expect(userId).not.toBe('');

    const page = await open();
    await page.goto(`${app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}`, { waitUntil: 'networkidle' });
    await waitForDocumentImage(page);
    await page.getByRole('button', { name: 'Erase applicant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase applicant' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Erase for good' });
    await dialog.getByLabel('Reason').fill('The person asked for erasure (GDPR Art. 17)');
    // Not before the userId is typed exactly.
    await dialog.getByLabel(`Type ${userId} to confirm`).fill(`${userId}x`);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${userId} to confirm`).fill(userId);
    expect(await confirm.isEnabled()).toBe(true);
    await saveScreenshot(page, 'erase-applicant-dialog-1280');
    await confirm.click();
    await expectToast(page, 'Applicant erased');
    await page.getByText('This applicant was erased').waitFor();
    expect(await page.getByText('Reason: The person asked for erasure (GDPR Art. 17)').isVisible()).toBe(true);
    expect(await page.getByText(/by dpo\./).isVisible()).toBe(true);
    await saveScreenshot(page, 'erased-applicant-tombstone-1280');

    // Reloaded, on a phone: the tombstone is what the address shows now.
    const phone = await open(MOBILE);
    await phone.goto(`${app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}`, { waitUntil: 'networkidle' });
    await phone.getByText('This applicant was erased').waitFor();
    expect(await documentScrollWidth(phone)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(phone, 'erased-applicant-tombstone-375');
    const erasures = await apiJson<{ erasedBy: string }[]>(`/api/projects/${organizationId}/applicants/${encodeURIComponent(userId)}/erasures`);
    expect(erasures).toEqual([expect.objectContaining({ erasedBy: 'dpo' })]);
    expect(consoleErrors).toEqual([]);
  }, 90_000);
});
