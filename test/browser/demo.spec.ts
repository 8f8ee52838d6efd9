import { join } from 'node:path';

import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';

import { documentScrollWidth, openPage, saveScreenshot, waitForDocumentImage, type OpenedPage } from './support/browser.js';
import { expectToast, waitForPath } from './support/accounts.js';
import { browserSuite } from './support/suite.js';

// A visitor tries the product: from the landing page one click creates a seeded demo
// account and signs in; they look around the two sample organizations and an applicant's
// documents, then log out, and the account with everything it held is gone.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };
const WELCOME = 'Your registration was successful. Welcome to the product!';
const SEEDED_ORGANIZATIONS = ['Northwind Bank', 'Contoso Exchange'];

const opened: OpenedPage[] = [];

async function open(viewport = DESKTOP): Promise<OpenedPage> {
  const page = await openPage(suite.browser, viewport);
  opened.push(page);
  return page;
}

/** What the demo account owns in the server's database, read without disturbing the server. */
interface Footprint {
  users: number;
  organizations: number;
  applicants: number;
  images: number;
  auditEvents: number;
  webhookEvents: number;
  sessions: number;
}

function footprint(userId: string, organizationIds: string[]): Footprint {
  const db = new Database(join(suite.app.dataDir, 'kyc.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const count = (sql: string, ...params: string[]) => (db.prepare<string[], { n: number }>(sql).get(...params) as { n: number }).n;
    const inOrganizations = organizationIds.map(() => '?').join(', ') || "''";
    return {
      users: count('SELECT COUNT(*) AS n FROM users WHERE id = ?', userId),
      organizations: count('SELECT COUNT(*) AS n FROM organizations WHERE "ownerId" = ?', userId),
      applicants: count(`SELECT COUNT(*) AS n FROM applicants WHERE "organizationId" IN (${inOrganizations})`, ...organizationIds),
      images: count(
        `SELECT COUNT(*) AS n FROM applicant_images WHERE "applicantId" IN
           (SELECT id FROM applicants WHERE "organizationId" IN (${inOrganizations}))`,
        ...organizationIds,
      ),
      auditEvents: count(`SELECT COUNT(*) AS n FROM audit_events WHERE "organizationId" IN (${inOrganizations})`, ...organizationIds),
      webhookEvents: count('SELECT COUNT(*) AS n FROM webhook_events WHERE "userId" = ?', userId),
      sessions: count('SELECT COUNT(*) AS n FROM sessions WHERE "userId" = ?', userId),
    };
  } finally {
    db.close();
  }
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.context().request.get(`${suite.app.url}${path}`);
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The first applicant of the organizations whose checks satisfy `wanted`. */
async function firstApplicant(
  page: Page,
  organizationIds: string[],
  wanted: (checks: { name: string; verdict: string }[]) => boolean,
): Promise<{ organizationId: string; userId: string }> {
  for (const organizationId of organizationIds) {
    const list = await getJson<{ items: { userId: string }[] }>(page, `/api/projects/${organizationId}/applicants?pageSize=100`);
    for (const { userId } of list.items) {
      const checks = await getJson<{ name: string; verdict: string }[]>(
        page,
        `/api/projects/${organizationId}/applicants/${encodeURIComponent(userId)}/checks`,
      );
      if (wanted(checks)) return { organizationId, userId };
    }
  }
  throw new Error('no demo applicant has the checks looked for');
}

/** A second window signed in as the same demo user, for the phone-sized pictures. */
async function sameSessionAt(context: BrowserContext, viewport: { width: number; height: number }) {
  const other = await open(viewport);
  await other.page.context().addCookies(await context.cookies());
  return other;
}

const suite = browserSuite();

afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.close()));
});

describe('demo account', () => {
  it('shows /register/demo and /demo at 1280 and 375 px', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, consoleErrors } = await open(viewport);
      await page.goto(`${suite.app.url}/register/demo`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Create demo account', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Login instead' }).getAttribute('href')).toBe('/login');
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(page, `register-demo-${viewport.width}`, true);

      await page.goto(`${suite.app.url}/demo`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Try the platform with a demo account', level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Create demo account' }).isEnabled()).toBe(true);
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(page, `demo-page-${viewport.width}`, true);
      expect(consoleErrors).toEqual([]);
    }
  });

  it('reaches the demo from the mobile menu', async () => {
    const { page, consoleErrors } = await open(MOBILE);
    await page.goto(`${suite.app.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Try demo' }).click();
    await waitForPath(page, '/register/demo');
    await page.getByRole('button', { name: 'Create demo account' }).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('creates a demo account from the landing page, browses its data, and is deleted at logout', async () => {
    const { page, consoleErrors } = await open();
    await page.goto(`${suite.app.url}/`, { waitUntil: 'networkidle' });

    // The server draws the demo documents on a background thread once it listens; an account
    // created before would get them a few seconds later. Here: the usual case, already drawn.
    await suite.app.whenOutput(
      (printed) => (/Drew the demo documents of \d+ applicants/.test(printed) ? true : undefined),
      'the demo documents to be drawn',
      120_000,
    );

    // One click from the landing page, one on the demo page.
    await page.getByRole('link', { name: 'Explore demo account' }).first().click();
    await waitForPath(page, '/register/demo');
    await page.getByRole('button', { name: 'Create demo account' }).click();
    await expectToast(page, WELCOME);
    await waitForPath(page, '/dashboard/select');

    // Signed in as the demo user: the Demo badge in the top bar.
    const me = await getJson<{ id: string; email: string; isDemo: boolean }>(page, '/api/users/me');
    expect(me.isDemo).toBe(true);
    const menuButton = page.getByRole('button', { name: /^Account menu for / });
    await menuButton.getByText('Demo', { exact: true }).waitFor();

    // The two seeded organizations.
    await page.getByRole('heading', { name: 'Your organizations' }).waitFor();
    for (const name of SEEDED_ORGANIZATIONS) await page.getByRole('link', { name: new RegExp(name) }).waitFor();
    await saveScreenshot(page, 'demo-dashboard-1280', true);
    const organizations = await getJson<{ id: string; name: string }[]>(page, '/api/projects');
    expect(organizations.map((organization) => organization.name).sort()).toEqual([...SEEDED_ORGANIZATIONS].sort());
    const organizationIds = organizations.map((organization) => organization.id);

    const before = footprint(me.id, organizationIds);
    expect(before).toMatchObject({ users: 1, organizations: 2, applicants: 60 });
    expect(before.images).toBeGreaterThan(0);
    expect(before.auditEvents).toBeGreaterThan(0);
    expect(before.webhookEvents).toBeGreaterThan(0);

    // Each organization's home shows its seeded figures.
    for (const name of SEEDED_ORGANIZATIONS) {
      await page.goto(`${suite.app.url}/dashboard/select`, { waitUntil: 'networkidle' });
      await page.getByRole('link', { name: new RegExp(name) }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByRole('list', { name: 'Applicants by status' }).waitFor();
    }
    await saveScreenshot(page, 'demo-organization-1280', true);

    // Its applicants list, then an applicant with document images who mistyped a field.
    const organizationId = new URL(page.url()).pathname.split('/')[2];
    await page.getByRole('navigation', { name: 'Organization sections' }).getByRole('link', { name: 'Applicants' }).click();
    await waitForPath(page, `/dashboard/${organizationId}/applicants`);
    const table = page.getByRole('table', { name: 'Applicants' });
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
    await saveScreenshot(page, 'demo-applicants-1280', true);

    const { userId } = await firstApplicant(page, [organizationId], (checks) =>
      checks.some((check) => check.name === 'data-matches-document' && check.verdict === 'failed'),
    );
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants?search=${encodeURIComponent(userId)}`, {
      waitUntil: 'networkidle',
    });
    await table.getByText(userId, { exact: true }).click();
    await waitForPath(page, `/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}`);
    await page.getByRole('heading', { name: 'Applicant details' }).waitFor();
    await waitForDocumentImage(page);
    const image = page.locator('.document-image img').first();
    const box = await image.boundingBox();
    if (!box) throw new Error('the document image has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const lens = page.getByTestId('magnifier-lens');
    await lens.waitFor({ state: 'visible' });
    await saveScreenshot(page, 'demo-applicant-1280');
    await page.mouse.move(0, 0);
    // Typed beside read from the document, the mistyped field highlighted, and the checks.
    const identity = page.getByRole('table', { name: 'Identity' });
    await identity.getByRole('columnheader', { name: 'Read from the document' }).waitFor();
    await identity.getByText('Differs from the document').waitFor();
    expect(await page.locator('tr.kv-mismatch').count()).toBe(1);
    await saveScreenshot(page, 'demo-applicant-mismatch-1280', true);

    // An applicant on hold whose document photo the reader could not read (a thumb over the zone).
    const unread = await firstApplicant(page, organizationIds, (checks) =>
      checks.some((check) => check.name === 'document-read' && check.verdict === 'needs-review'),
    );
    await page.goto(`${suite.app.url}/dashboard/${unread.organizationId}/applicants/${encodeURIComponent(unread.userId)}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Applicant details' }).waitFor();
    await waitForDocumentImage(page);
    await page
      .getByText(/^Unreadable \(/)
      .first()
      .waitFor();
    await saveScreenshot(page, 'demo-applicant-unreadable-1280', true);

    // The seeded dashboard on a phone, in a second window of the same session.
    const phone = await sameSessionAt(page.context(), MOBILE);
    await phone.page.goto(`${suite.app.url}/dashboard/select`, { waitUntil: 'networkidle' });
    await phone.page.getByRole('link', { name: new RegExp(SEEDED_ORGANIZATIONS[0]) }).waitFor();
    expect(await documentScrollWidth(phone.page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(phone.page, 'demo-dashboard-375', true);
    await phone.page.goto(`${suite.app.url}/dashboard/${organizationId}`, { waitUntil: 'networkidle' });
    await phone.page.getByRole('list', { name: 'Applicants by status' }).waitFor();
    expect(await documentScrollWidth(phone.page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(phone.page, 'demo-organization-375', true);
    expect(phone.consoleErrors).toEqual([]);

    // The logout dialog warns that the demo account goes with it.
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Logout' });
    await dialog.waitFor();
    await dialog.getByText('Logging out deletes it together with all of its data').waitFor();
    await saveScreenshot(page, 'demo-logout-dialog-1280');
    // The server deletes the demo account before it answers the logout.
    const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout' && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(204);
    await waitForPath(page, '/');
    await expectToast(page, 'Successfully logged out');
    await page.getByRole('link', { name: 'Explore demo account' }).first().waitFor();

    // Gone from the database: the user, its organizations, applicants, images, audit trail,
    // webhook log and every session.
    const empty: Footprint = { users: 0, organizations: 0, applicants: 0, images: 0, auditEvents: 0, webhookEvents: 0, sessions: 0 };
    expect(footprint(me.id, organizationIds)).toEqual(empty);

    // And it cannot sign back in: the phone window's session ended with it.
    await phone.page.goto(`${suite.app.url}/dashboard/select`, { waitUntil: 'networkidle' });
    await waitForPath(phone.page, '/login');
    expect(consoleErrors).toEqual([]);
  }, 180_000);
});
