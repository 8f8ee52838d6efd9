import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { BrowserContext, Page } from 'playwright-core';

import { repoRoot } from './support/app.js';
import { documentScrollWidth, newContext, saveScreenshot, waitForPageCondition } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// The applicants list as a reviewer's work queue, in Chromium against the built server:
// a few seeded applicants (one with a name that is a spreadsheet formula) are filtered,
// the next unassigned one is assigned to the reviewer, the list is saved as a view and
// exported to CSV; the age of each case and the SLA's breaches; screenshots of the list at
// 1280 and 375 px.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };
const ORGANIZATION_NAME = 'Work Queue Co';
const APPLICANTS = 12;
const FORMULA_NAME = '=HYPERLINK("http://evil.test","Click")';

let cookie: { name: string; value: string };
let headers: Record<string, string>;
let organizationId: string;
const contexts: BrowserContext[] = [];
const consoleErrors: string[] = [];

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${suite.app.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(suite.browser, { viewport, acceptDownloads: true });
  contexts.push(context);
  await context.addCookies([{ ...cookie, url: suite.app.url }]);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`Uncaught: ${error.message}`));
  await page.goto(`${suite.app.url}${path}`, { waitUntil: 'networkidle' });
  return page;
}

const listPath = (query = '') => `/dashboard/${organizationId}/applicants${query}`;

const suite = browserSuite();

beforeAll(async () => {
  const registered = await fetch(`${suite.app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: suite.app.url },
    body: JSON.stringify({ email: 'queue@example.com', username: 'queue-reviewer', password: 'correct-horse-battery' }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const match = /kyc\.sid=([^;]+)/.exec(registered.headers.get('set-cookie') ?? '');
  if (!match) throw new Error('no session cookie');
  cookie = { name: 'kyc.sid', value: match[1] };
  headers = { Cookie: `kyc.sid=${match[1]}`, 'X-Requested-With': 'XMLHttpRequest', Origin: suite.app.url, 'Content-Type': 'application/json' };
  organizationId = (await api<{ id: string }>('/api/projects', { method: 'POST', body: JSON.stringify({ name: ORGANIZATION_NAME }) })).id;
  await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'dist/server/cli/seed.js'), '--organization', ORGANIZATION_NAME, '--applicants', String(APPLICANTS), '--seed', 'queue'],
    { cwd: repoRoot, env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: suite.app.dataDir } },
  );
  // One applicant's name is a formula: the export must not let a spreadsheet run it.
  const { items } = await api<{ items: { userId: string }[] }>(`/api/projects/${organizationId}/applicants?pageSize=100&orderBy=userId&orderDirection=asc`);
  const target = items[0].userId;
  const details = await api<{ applicant: { version: number } }>(`/api/projects/${organizationId}/applicants/${encodeURIComponent(target)}`);
  await api(`/api/projects/${organizationId}/applicants/${encodeURIComponent(target)}`, {
    method: 'PUT',
    body: JSON.stringify({ name: FORMULA_NAME, version: details.applicant.version }),
  });
  await api(`/api/projects/${organizationId}/tags`, { method: 'POST', body: JSON.stringify({ name: 'Second look', color: 'amber' }) });
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(consoleErrors.splice(0)).toEqual([]);
});

describe('the work queue', () => {
  it('filters to the unassigned, assigns the next one to me, saves the view and exports CSV', async () => {
    const page = await open(listPath());
    await page.getByRole('table', { name: 'Applicants' }).waitFor();
    await page.getByRole('combobox', { name: 'Assignee' }).selectOption('unassigned');
    await page.waitForURL(/assignee=unassigned/);
    await page.getByRole('combobox', { name: 'Review answer' }).selectOption('none');
    await page.waitForURL(/reviewAnswer=none/);
    await saveScreenshot(page, 'work-queue-list-1280');

    // Next unassigned: assigned to me, opened with the list's address.
    await page.getByRole('button', { name: 'Next unassigned' }).click();
    await page.waitForURL((url) => /\/applicants\/[^/]+$/.test(url.pathname) && url.searchParams.get('assignee') === 'unassigned');
    await page.getByText('You', { exact: true }).waitFor();
    await page.getByLabel('Add a tag').selectOption({ label: 'Second look' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Remove tag Second look' }).waitFor();
    await saveScreenshot(page, 'work-queue-details-1280');

    // Mine: exactly the one just taken, tagged.
    await page.goto(`${suite.app.url}${listPath('?assignee=me')}`, { waitUntil: 'networkidle' });
    await waitForPageCondition(page, `document.querySelectorAll('table tbody tr').length === 1`, 'one row assigned to me');
    expect(await page.locator('table tbody tr').first().getByText('queue-reviewer').isVisible()).toBe(true);

    // Save the view, then open it from the menu after clearing the filters.
    await page.getByText('Views', { exact: true }).click();
    await page.getByLabel('Save this list as').fill('Mine');
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('list', { name: 'Saved views' }).getByRole('button', { name: 'Mine', exact: true }).waitFor();
    await page.goto(`${suite.app.url}${listPath()}`, { waitUntil: 'networkidle' });
    await page.getByText('Views', { exact: true }).click();
    await page.getByRole('list', { name: 'Saved views' }).getByRole('button', { name: 'Mine', exact: true }).click();
    await page.waitForURL(/assignee=me/);

    // Export everything: every applicant a row, the formula neutralised.
    await page.goto(`${suite.app.url}${listPath()}`, { waitUntil: 'networkidle' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('userId,name,country,kycStatus,reviewAnswer,documentType,submittedAt,updatedAt,flaggedChecks,assignee,tags');
    expect(lines).toHaveLength(APPLICANTS + 1);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`);
    expect(lines.filter((line) => line.includes('queue-reviewer') && line.endsWith('Second look'))).toHaveLength(1);
  });

  it('shows the age of each case, marks those past the SLA, sorts by age and filters the breaches (1280 and 375 px)', async () => {
    await api(`/api/projects/${organizationId}/review-settings`, { method: 'PUT', body: JSON.stringify({ fourEyes: 'off', slaHours: 1 }) });
    const { sla } = await api<{ sla: { hours: number; breached: number } }>(`/api/projects/${organizationId}/stats`);
    expect(sla.hours).toBe(1);
    expect(sla.breached).toBeGreaterThan(0);

    const page = await open(listPath());
    const table = page.getByRole('table', { name: 'Applicants' });
    await table.getByText('Over SLA').first().waitFor();
    await table.getByRole('button', { name: 'Age' }).click();
    await page.waitForURL(/orderBy=age/);
    await page.getByRole('combobox', { name: 'SLA' }).selectOption('breached');
    await page.waitForURL(/sla=breached/);
    await waitForPageCondition(page, `document.querySelectorAll('table tbody tr').length === ${sla.breached}`, 'one row per breach');
    expect(await table.locator('tbody tr').filter({ hasText: 'Over SLA' }).count()).toBe(sla.breached);
    await saveScreenshot(page, 'work-queue-sla-1280');

    const phone = await open(listPath('?sla=breached&orderBy=age&orderDirection=desc'), MOBILE);
    await phone.getByRole('table', { name: 'Applicants' }).getByText('Over SLA').first().waitFor();
    expect(await documentScrollWidth(phone)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(phone, 'work-queue-sla-375', true);
    await api(`/api/projects/${organizationId}/review-settings`, { method: 'PUT', body: JSON.stringify({ fourEyes: 'off', slaHours: null }) });
  });

  it('stays usable at 375 px: the table scrolls inside its card, the filters wrap', async () => {
    const page = await open(listPath('?status=completed'), MOBILE);
    await page.getByRole('table', { name: 'Applicants' }).waitFor();
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'work-queue-list-375', true);
    const desktop = await open(listPath(), DESKTOP);
    await desktop.getByRole('table', { name: 'Applicants' }).waitFor();
    expect(await documentScrollWidth(desktop)).toBeLessThanOrEqual(DESKTOP.width);
    await saveScreenshot(desktop, 'work-queue-list-all-1280', true);
  });
});
