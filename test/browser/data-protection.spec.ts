import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { BrowserContext, Page } from 'playwright-core';

import { expectToast } from './support/accounts.js';
import { repoRoot } from './support/app.js';
import { documentScrollWidth, newContext, saveScreenshot, waitForDocumentImage } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// Data protection in Chromium against the built server: an owner erases an applicant
// from its details page (a reason, the userId typed again) and sees the tombstone; sets a
// 30-day photo retention, puts one applicant on legal hold, applies the policy, and sees
// the photos of applicants decided weeks ago gone and their identity data kept.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };
const ORGANIZATION_NAME = 'Browser Erasure Co';
const RETENTION_ORGANIZATION_NAME = 'Browser Retention Co';
const DAY_MS = 24 * 60 * 60 * 1000;

let headers: Record<string, string>;
let cookie: { name: string; value: string };
let organizationId: string;
let retentionOrganizationId: string;
const contexts: BrowserContext[] = [];
const consoleErrors: string[] = [];

async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${suite.app.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function open(viewport = DESKTOP): Promise<Page> {
  const context = await newContext(suite.browser, { viewport });
  contexts.push(context);
  await context.addCookies([{ ...cookie, url: suite.app.url }]);
  const page = await context.newPage();
  page.on('console', (message) => {
    // The applicant is gone after the erasure: its details answer 404 (as an unknown one does).
    if (message.type() === 'error' && !/status of 404/.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`Uncaught: ${error.message}`));
  return page;
}

const suite = browserSuite();

beforeAll(async () => {
  const response = await fetch(`${suite.app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: suite.app.url },
    body: JSON.stringify({ email: 'dpo@example.com', username: 'dpo', password: 'correct-horse-battery' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  const match = /kyc\.sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (!match) throw new Error('no session cookie');
  cookie = { name: 'kyc.sid', value: match[1] };
  headers = { Cookie: `kyc.sid=${match[1]}`, 'X-Requested-With': 'XMLHttpRequest', Origin: suite.app.url, 'Content-Type': 'application/json' };
  organizationId = (await apiJson<{ id: string }>('/api/projects', { method: 'POST', body: JSON.stringify({ name: ORGANIZATION_NAME }) })).id;
  retentionOrganizationId = (await apiJson<{ id: string }>('/api/projects', { method: 'POST', body: JSON.stringify({ name: RETENTION_ORGANIZATION_NAME }) }))
    .id;
  // The seed spreads applicants over the last 180 days: most were decided weeks ago.
  const seed = (name: string, count: number, series: string) =>
    promisify(execFile)(
      process.execPath,
      [join(repoRoot, 'dist/server/cli/seed.js'), '--organization', name, '--applicants', String(count), '--seed', series, '--images'],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: suite.app.dataDir },
      },
    );
  await seed(ORGANIZATION_NAME, 6, 'erasure');
  await seed(RETENTION_ORGANIZATION_NAME, 12, 'retention');
}, 180_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
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
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}`, { waitUntil: 'networkidle' });
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
    await phone.goto(`${suite.app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}`, { waitUntil: 'networkidle' });
    await phone.getByText('This applicant was erased').waitFor();
    expect(await documentScrollWidth(phone)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(phone, 'erased-applicant-tombstone-375');
    const erasures = await apiJson<{ erasedBy: string }[]>(`/api/projects/${organizationId}/applicants/${encodeURIComponent(userId)}/erasures`);
    expect(erasures).toEqual([expect.objectContaining({ erasedBy: 'dpo' })]);
    expect(consoleErrors).toEqual([]);
  }, 90_000);
});

describe('retention', () => {
  interface Details {
    applicant: { kycStatus: string; decidedAt: string | null };
    identity: { name: string | null; images: unknown[] };
    imagesRemovedAt: string | null;
  }
  const details = (userId: string) => apiJson<Details>(`/api/projects/${retentionOrganizationId}/applicants/${encodeURIComponent(userId)}`);

  it('removes the photos of applicants decided more than 30 days ago, keeps their data, and spares one on legal hold (1280 and 375 px)', async () => {
    const list = await apiJson<{ items: { userId: string }[] }>(`/api/projects/${retentionOrganizationId}/applicants?pageSize=100`);
    const due: string[] = [];
    for (const { userId } of list.items) {
      const found = await details(userId);
      const decidedAt = found.applicant.decidedAt ? Date.parse(found.applicant.decidedAt) : Date.now();
      if (found.applicant.kycStatus === 'completed' && Date.now() - decidedAt > 31 * DAY_MS && found.identity.images.length > 0) due.push(userId);
    }
    // The series has several (the test needs two: one held, one not).
    expect(due.length).toBeGreaterThanOrEqual(2);
    const [heldUserId, expiredUserId] = due;

    // A legal hold, placed from the details page.
    const page = await open();
    await page.goto(`${suite.app.url}/dashboard/${retentionOrganizationId}/applicants/${encodeURIComponent(heldUserId)}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Legal hold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place legal hold' });
    await dialog.getByLabel('Reason').fill('Court order 2026-114');
    await dialog.getByRole('button', { name: 'Place legal hold' }).click();
    await expectToast(page, 'Applicant on legal hold');
    await page.getByText('On legal hold', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Erase applicant' }).count()).toBe(0);
    await saveScreenshot(page, 'applicant-legal-hold-1280', true);

    // The policy: photos kept 30 days after the decision, saved and applied now.
    await page.goto(`${suite.app.url}/dashboard/${retentionOrganizationId}/settings`, { waitUntil: 'networkidle' });
    await page.getByLabel('Document photos, selfies and face data').selectOption({ label: '30 days' });
    await page.getByRole('button', { name: 'Save retention policy' }).click();
    await expectToast(page, 'Retention policy saved');
    await page.getByRole('button', { name: 'Apply now' }).click();
    await page.getByText(new RegExp(`Applied: photos removed from ${due.length - 1} applicant\\(s\\), 0 erased`)).waitFor();
    await saveScreenshot(page, 'organization-retention-1280', true);

    await page.goto(`${suite.app.url}/dashboard/${retentionOrganizationId}/applicants/${encodeURIComponent(expiredUserId)}`, { waitUntil: 'networkidle' });
    await page.getByText(/The document photos, selfie and face data were removed on .* under the organization’s retention policy/).waitFor();
    const expired = await details(expiredUserId);
    expect(expired.identity.images).toEqual([]);
    expect(expired.imagesRemovedAt).not.toBeNull();
    expect(await page.getByRole('table', { name: 'Identity' }).getByText(expired.identity.name!).isVisible()).toBe(true);
    await saveScreenshot(page, 'applicant-images-removed-1280', true);
    expect((await details(heldUserId)).identity.images.length).toBeGreaterThan(0);

    const phone = await open(MOBILE);
    await phone.goto(`${suite.app.url}/dashboard/${retentionOrganizationId}/settings`, { waitUntil: 'networkidle' });
    await phone.getByLabel('Document photos, selfies and face data').waitFor();
    expect(await phone.getByLabel('Document photos, selfies and face data').inputValue()).toBe('30');
    expect(await documentScrollWidth(phone)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(phone, 'organization-retention-375', true);
    await phone.goto(`${suite.app.url}/dashboard/${retentionOrganizationId}/applicants/${encodeURIComponent(heldUserId)}`, { waitUntil: 'networkidle' });
    await phone.getByText('On legal hold', { exact: true }).waitFor();
    expect(await documentScrollWidth(phone)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(phone, 'applicant-legal-hold-375', true);
    expect(consoleErrors).toEqual([]);
  }, 120_000);
});
