import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { BrowserContext, Page } from 'playwright-core';

import { expectToast, linkFromOutbox, newCredentials, registerInContext, waitForPath } from './support/accounts.js';
import { repoRoot } from './support/app.js';
import { documentScrollWidth, newContext, resizeViewport, saveScreenshot, waitForDocumentImage, waitForPageCondition } from './support/browser.js';
import { expectAccessible } from './support/a11y.js';
import { browserSuite } from './support/suite.js';

// An organization's reviewer at work in Chromium against the built server: the
// organization is filled with 60 generated applicants by the seed CLI, then the list
// is paged, sorted and searched, an applicant opened (document magnifier), edited,
// reset and approved.

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };
const ORGANIZATION_NAME = 'Browser Applicants Co';
const APPLICANTS = 60;

interface Session {
  cookie: { name: string; value: string };
  headers: Record<string, string>;
}

let session: Session;
let organizationId: string;
const contexts: BrowserContext[] = [];
const consoleErrors: string[] = [];

/** Signs up through the API, as the register page would; the answer sets the session cookie. */
async function register(url: string): Promise<Session> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: url },
    body: JSON.stringify({ email: 'reviewer@example.com', username: 'reviewer', password: 'correct-horse-battery' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const match = /kyc\.sid=([^;]+)/.exec(setCookie);
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  const cookie = { name: 'kyc.sid', value: match[1] };
  return {
    cookie,
    headers: {
      Cookie: `${cookie.name}=${cookie.value}`,
      'X-Requested-With': 'XMLHttpRequest',
      Origin: url,
      'Content-Type': 'application/json',
    },
  };
}

async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${suite.app.url}${path}`, { ...init, headers: { ...session.headers, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function open(viewport = DESKTOP): Promise<Page> {
  const context = await newContext(suite.browser, { viewport });
  contexts.push(context);
  await context.addCookies([{ ...session.cookie, url: suite.app.url }]);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The automatic-checks route may not exist yet: the page then hides the panel.
    if (/status of 404/.test(message.text()) && message.location().url.endsWith('/checks')) return;
    consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`Uncaught: ${error.message}`));
  return page;
}

/** The # and User ID cells of the rows on screen, as a page expression (the table re-renders as pages load). */
const ROWS = `[...document.querySelectorAll('table tbody tr')]
  .filter((row) => row.cells.length >= 2)
  .map((row) => ({ number: row.cells[0].innerText.trim(), userId: row.cells[1].innerText.trim() }))`;

/** The # and User ID cells of the rows on screen, read in one go. */
async function tableRows(page: Page): Promise<{ number: string; userId: string }[]> {
  return page.evaluate<{ number: string; userId: string }[]>(ROWS);
}

/** Waits until the loaded page's first row is #`number` and, if given, not `notUserId`. */
async function waitForFirstRow(page: Page, number: string, notUserId?: string): Promise<void> {
  // While the next page loads, the previous one stays on screen, dimmed ('table-fetching').
  const condition = `(() => {
    if (document.querySelector('table.table-fetching')) return false;
    const first = (${ROWS})[0];
    return first?.number === ${JSON.stringify(number)} && first.userId !== ${JSON.stringify(notUserId ?? null)};
  })()`;
  try {
    await waitForPageCondition(page, condition, `the first row to become #${number}`);
  } catch (error) {
    await saveScreenshot(page, `debug-first-row-${number}`, true);
    throw new Error(`the first row never became #${number}: ${JSON.stringify((await tableRows(page)).slice(0, 2))}`, { cause: error });
  }
}

/** An applicant the seed gave document images to, found through the API. */
async function applicantWithImages(): Promise<string> {
  const list = await apiJson<{ items: { userId: string; kycStatus: string }[] }>(
    `/api/projects/${organizationId}/applicants?pageSize=100&orderBy=kycStatus&orderDirection=desc`,
  );
  for (const item of list.items.filter((applicant) => applicant.kycStatus === 'pending')) {
    const details = await apiJson<{ identity: { images: unknown[]; name: string | null } }>(
      `/api/projects/${organizationId}/applicants/${encodeURIComponent(item.userId)}`,
    );
    if (details.identity.images.length > 0 && details.identity.name) return item.userId;
  }
  throw new Error('the seed left no pending applicant with images');
}

/**
 * The first document full screen (brightness, contrast, keys and drag move it; Escape closes),
 * then the selfie beside the document's front; axe on both, screenshots at `size`.
 */
async function viewAndCompare(page: Page, size: string): Promise<void> {
  await page
    .getByRole('button', { name: /^Full screen/ })
    .first()
    .click();
  const viewer = page.getByRole('dialog').filter({ has: page.getByRole('slider', { name: 'Brightness' }) });
  const photo = viewer.locator('.image-viewer-image');
  await viewer.getByRole('slider', { name: 'Brightness' }).fill('140');
  await viewer.getByRole('slider', { name: 'Contrast' }).fill('160');
  await waitForPageCondition(
    page,
    `getComputedStyle(document.querySelector('.image-viewer-image')).filter === 'brightness(1.4) contrast(1.6)'`,
    'the photo to be brighter and more contrasted',
  );
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await viewer.getByRole('region', { name: /150 %/ }).focus();
  const before = await photo.boundingBox();
  await page.keyboard.press('ArrowLeft');
  if (!before) throw new Error('the photo has no box');
  // The key moved the photo left (once React has drawn it); the drag starts from there.
  await waitForPageCondition(
    page,
    `document.querySelector('.image-viewer-image').getBoundingClientRect().x < ${before.x - 1}`,
    'the arrow key to move the photo left',
  );
  const box = await photo.boundingBox();
  if (!box) throw new Error('the photo has no box');
  // Dragged 40 px right and down: the photo follows the pointer.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  const moved = await photo.boundingBox();
  expect(Math.round((moved?.x ?? 0) - box.x)).toBe(40);
  expect(Math.round((moved?.y ?? 0) - box.y)).toBe(40);
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await expectAccessible(page, `image viewer at ${size}`);
  await saveScreenshot(page, `image-viewer-${size}`);
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Compare faces' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare faces' });
  const photos = compare.getByRole('img');
  await photos.nth(1).waitFor();
  await waitForPageCondition(
    page,
    `[...document.querySelectorAll('.compare-faces-image')].every((image) => image.complete && image.naturalWidth > 0)`,
    'both faces drawn',
  );
  expect(await photos.nth(0).getAttribute('alt')).toMatch(/, front$/);
  expect(await photos.nth(1).getAttribute('alt')).toBe('Selfie');
  await expectAccessible(page, `compare faces at ${size}`);
  await saveScreenshot(page, `compare-faces-${size}`);
  await page.keyboard.press('Escape');
  await compare.waitFor({ state: 'detached' });
}

const suite = browserSuite();

beforeAll(async () => {
  session = await register(suite.app.url);
  const organization = await apiJson<{ id: string }>('/api/projects', {
    method: 'POST',
    body: JSON.stringify({ name: ORGANIZATION_NAME }),
  });
  organizationId = organization.id;
  // The seed CLI fills the existing organization of that name in the app's own database.
  // Drawing the photos takes seconds: waited for without blocking, so that this process
  // sees the server close its idle keep-alive connections meanwhile (a blocked one would
  // send the next request down a closed socket).
  await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'dist/server/cli/seed.js'), '--organization', ORGANIZATION_NAME, '--applicants', String(APPLICANTS), '--seed', 'browser'],
    { cwd: repoRoot, env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: suite.app.dataDir } },
  );
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  consoleErrors.length = 0;
});

describe('organizations', () => {
  it('lists the organization on /dashboard/select and opens its dashboard with real figures', async () => {
    const page = await open();
    await page.goto(`${suite.app.url}/dashboard/select`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your organizations' }).waitFor();
    await page.getByRole('link', { name: new RegExp(ORGANIZATION_NAME) }).waitFor();
    await saveScreenshot(page, 'organizations-select-1280');
    await page.getByRole('link', { name: new RegExp(ORGANIZATION_NAME) }).click();

    await page.waitForURL(`${suite.app.url}/dashboard/${organizationId}`);
    const chart = page.getByRole('list', { name: 'Applicants by status' });
    await chart.waitFor();
    for (const label of ['Initial', 'Pending', 'Pre-checked', 'Queued', 'Completed', 'On Hold']) {
      expect(await chart.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByText(String(APPLICANTS), { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText('Comming Soon').count()).toBe(0);
    await saveScreenshot(page, 'organization-dashboard-1280', true);

    const sidebar = page.getByRole('navigation', { name: 'Organization sections' });
    for (const name of ['Dashboard', 'Applicants', 'Members', 'Integration']) {
      expect(await sidebar.getByRole('link', { name }).isVisible()).toBe(true);
    }
    await sidebar.getByRole('link', { name: 'Integration' }).click();
    const link = page.getByLabel('Ready link');
    await link.waitFor();
    expect(await link.inputValue()).toMatch(new RegExp(`^${suite.app.url}/kyc\\?companyKey=pk_[^&]+&userId=.+`));
    await saveScreenshot(page, 'organization-integration-1280', true);

    await sidebar.getByRole('link', { name: 'Members' }).click();
    await page.getByText('reviewer@example.com').waitFor();
    expect(await page.getByLabel('Username or e-mail').isVisible()).toBe(true);
    await saveScreenshot(page, 'organization-members-1280', true);
    expect(consoleErrors).toEqual([]);
  });

  it('invites a colleague by e-mail, who joins by accepting on their dashboard', async () => {
    const colleague = newCredentials('colleague');
    const colleagueContext = await newContext(suite.browser, { viewport: DESKTOP });
    contexts.push(colleagueContext);
    await registerInContext(colleagueContext, suite.app.url, colleague);

    const owner = await open();
    await owner.goto(`${suite.app.url}/dashboard/${organizationId}/members`, { waitUntil: 'networkidle' });
    await owner.getByText('No invitations are waiting for an answer.').waitFor();
    await owner.getByLabel('Username or e-mail').fill(colleague.email);
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(owner, `Invitation sent to ${colleague.email}`);
    const pending = owner.getByRole('table', { name: 'Pending invitations' });
    await pending.getByText(colleague.email).waitFor();
    // Not a member until they say yes.
    expect(await owner.getByRole('table', { name: 'Members' }).getByText(colleague.username).count()).toBe(0);
    await saveScreenshot(owner, 'organization-members-invited-1280', true);

    // The e-mail points at the dashboard, where the invitation waits.
    const link = await linkFromOutbox(suite.app, colleague.email, '/dashboard/select');
    const page = await colleagueContext.newPage();
    page.on('pageerror', (error) => consoleErrors.push(`Uncaught: ${error.message}`));
    await page.goto(`${suite.app.url}${link}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Invitations' }).waitFor();
    expect(await page.getByText('reviewer invited you', { exact: false }).isVisible()).toBe(true);
    await saveScreenshot(page, 'organizations-invitation-1280');
    await page.setViewportSize(MOBILE);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'organizations-invitation-375', true);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: `Accept the invitation to ${ORGANIZATION_NAME}` }).click();
    await waitForPath(page, `/dashboard/${organizationId}`);
    await page.getByRole('list', { name: 'Applicants by status' }).waitFor();

    await owner.reload({ waitUntil: 'networkidle' });
    await owner.getByRole('table', { name: 'Members' }).getByText(colleague.email).waitFor();
    await owner.getByText('No invitations are waiting for an answer.').waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('fits the members and integration pages on a phone', async () => {
    const page = await open(MOBILE);
    await page.goto(`${suite.app.url}/dashboard/create`, { waitUntil: 'networkidle' });
    await page.getByLabel('Project name').waitFor();
    await saveScreenshot(page, 'organization-create-375', true);
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/members`, { waitUntil: 'networkidle' });
    await page.getByText('reviewer@example.com').waitFor();
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'organization-members-375', true);
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/integration`, { waitUntil: 'networkidle' });
    await page.getByLabel('Ready link').waitFor();
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'organization-integration-375', true);
  });
});

describe('applicants', () => {
  it('pages, sorts and searches the list on the server, keeping the state in the address', async () => {
    const page = await open();
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Applicants' }).waitFor();
    await waitForFirstRow(page, '1');
    const firstPage = await tableRows(page);
    expect(firstPage).toHaveLength(25);
    expect(firstPage.map((row) => row.userId)).toEqual([...firstPage.map((row) => row.userId)].sort().reverse());
    expect(await page.getByLabel('Items per page').inputValue()).toBe('25');
    await saveScreenshot(page, 'applicants-list-1280', true);
    // The second Tab is "Skip to the queue" (after "Skip to content"); Enter gives the table the focus.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the queue' });
    expect(await skip.evaluate((link) => link === link.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await waitForPageCondition(page, `document.activeElement?.id === 'queue'`, 'the queue to have the focus');

    await page.getByRole('button', { name: 'Page 3' }).click();
    await waitForFirstRow(page, '51');
    expect(await tableRows(page)).toHaveLength(10);
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');

    // Back returns to page 1: the list state lives in the address.
    await page.goBack();
    await waitForFirstRow(page, '1');

    await page.getByRole('button', { name: /User ID/ }).click();
    await page.waitForURL(/orderDirection=asc/);
    // The previous page stays on screen (dimmed) while the sorted one loads: wait for the new rows.
    await waitForFirstRow(page, '1', firstPage[0].userId);
    const ascending = (await tableRows(page)).map((row) => row.userId);
    expect(ascending).toEqual([...ascending].sort());
    expect(ascending[0] < firstPage[0].userId).toBe(true);

    const target = firstPage[4].userId;
    await page.getByRole('button', { name: 'Page 2' }).click();
    await waitForFirstRow(page, '26');
    // Two characters are not sent (the server refuses them): the box says why, the page stays.
    await page.getByRole('searchbox', { name: 'Search applicants' }).fill(target.slice(0, 2));
    await page.getByRole('status').filter({ hasText: 'Type at least 3 characters to search' }).waitFor();
    await saveScreenshot(page, 'applicants-search-too-short');
    expect(new URL(page.url()).searchParams.has('search')).toBe(false);
    await page.getByRole('searchbox', { name: 'Search applicants' }).fill(target);
    await page.waitForURL((url) => url.searchParams.get('search') === target);
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    await waitForFirstRow(page, '1');
    const found = await tableRows(page);
    expect(found.map((row) => row.userId)).toContain(target);

    await page.getByLabel('Items per page').selectOption('10');
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '10');
    expect(consoleErrors).toEqual([]);
  });

  it('fits a phone without sideways scrolling', async () => {
    const page = await open(MOBILE);
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants`, { waitUntil: 'networkidle' });
    await waitForFirstRow(page, '1');
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    // A card per applicant: every column in view, nothing to scroll sideways.
    expect(await page.getByRole('region', { name: 'Applicants', exact: true }).evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
    await saveScreenshot(page, 'applicants-list-375', true);
    await page.getByRole('searchbox', { name: 'Search applicants' }).fill('us');
    await page.getByRole('status').filter({ hasText: 'Type at least 3 characters to search' }).waitFor();
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'applicants-search-too-short-375');
    // The organization's name, switcher and tabs stay under 80 px of a phone's height.
    const organizationHeader = await page.getByRole('complementary', { name: 'Organization' }).boundingBox();
    expect(organizationHeader?.height).toBeLessThan(80);
    await page.goto(`${suite.app.url}/dashboard/${organizationId}`, { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Applicants by status' }).waitFor();
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'organization-dashboard-375', true);
    // The Activity's table is a card per entry on a phone: no column is cut off, the page is no wider.
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/activity`, { waitUntil: 'networkidle' });
    const entries = page.getByRole('table', { name: 'Activity entries' });
    await entries.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('region', { name: 'Activity entries' }).evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'organization-activity-375', true);
    // A page of the super-admin's: Unauthorized! inside the signed-in frame, one `main`.
    await page.goto(`${suite.app.url}/dashboard/user/me/manage-permission`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Unauthorized!' }).waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await expectAccessible(page, 'unauthorized on a phone');
    await saveScreenshot(page, 'unauthorized-375');
  });

  it('opens an applicant, magnifies a document, edits, resets and approves', async () => {
    const userId = await applicantWithImages();
    const page = await open();
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants?search=${encodeURIComponent(userId)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('table', { name: 'Applicants' }).getByText(userId, { exact: true }).click();
    // The details page carries the list's address (for "approve & next" in the same filter).
    await page.waitForURL(`${suite.app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}?search=${encodeURIComponent(userId)}`);
    await page.getByRole('heading', { name: 'Applicant details' }).waitFor();
    const identity = page.getByRole('table', { name: 'Identity' });
    await identity.waitFor();
    expect(await identity.locator('tbody tr').count()).toBe(14);
    // The seed stored the document analysis: what was read stands beside what was typed.
    await identity.getByRole('columnheader', { name: 'Read from the document' }).waitFor();

    // Hovering a document shows the circular lens.
    const image = page.locator('.document-image img').first();
    await waitForDocumentImage(page);
    const box = await image.boundingBox();
    if (!box) throw new Error('the document image has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const lens = page.getByTestId('magnifier-lens');
    await lens.waitFor({ state: 'visible' });
    const lensBox = await lens.boundingBox();
    expect(Math.round(lensBox?.width ?? 0)).toBe(180);
    await saveScreenshot(page, 'applicant-details-1280', true);
    await page.mouse.move(0, 0);
    await lens.waitFor({ state: 'detached' });
    await viewAndCompare(page, '1280');

    // Edit: the change shows on the details with the toast.
    await page.getByRole('link', { name: 'Edit applicant' }).click();
    await page.getByRole('heading', { name: 'Edit Applicant' }).waitFor();
    const fullName = page.getByLabel('Full Name');
    await fullName.waitFor();
    expect(await page.getByLabel('Date of Birth').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await saveScreenshot(page, 'applicant-edit-1280', true);
    await fullName.fill('Edited In Browser');
    await page.getByLabel('Place of Birth').fill('');
    await page.getByRole('button', { name: 'Update Applicant' }).click();
    await page.getByText('Applicant updated successfully!').waitFor();
    await page.getByRole('heading', { name: 'Applicant details' }).waitFor();
    const nameRow = page.getByRole('table', { name: 'Identity' }).locator('tr', { hasText: 'Name' }).first();
    await nameRow.getByText('Edited In Browser').waitFor();
    const placeRow = page.getByRole('table', { name: 'Identity' }).locator('tr', { hasText: 'Place of Birth' });
    expect(await placeRow.getByText('not provided').isVisible()).toBe(true);
    const activity = page.locator('#applicant-activity');
    await activity.getByText('Edited', { exact: true }).first().waitFor();
    expect(await activity.getByText('Edited In Browser').first().isVisible()).toBe(true);

    // Reset asks why (required); after confirming, the data loads again, emptied, and the activity shows the reason.
    await page.getByRole('button', { name: 'Reset applicant' }).click();
    const resetDialog = page.getByRole('dialog', { name: 'Reset applicant' });
    await resetDialog.getByRole('button', { name: 'Reset applicant' }).click();
    await resetDialog.getByText('Say why the applicant is reset: the reason is kept in the activity').waitFor();
    await saveScreenshot(page, 'applicant-reset-reason-required-1280');
    await resizeViewport(page, MOBILE);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'applicant-reset-reason-required-375');
    await resizeViewport(page, DESKTOP);
    await resetDialog.getByLabel('Reason (required)').fill('The end user asked to start again with a new passport');
    await resetDialog.getByRole('button', { name: 'Reset applicant' }).click();
    await activity.getByText('“The end user asked to start again with a new passport”', { exact: false }).first().waitFor();
    const summary = page.getByRole('table', { name: 'Summary' });
    await summary.getByText('Initial', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Identity' }).locator('tr', { hasText: 'Name' }).first().getByText('not provided').waitFor();
    expect(await page.getByText('No document images yet.').isVisible()).toBe(true);

    // Reject asks for a reason and whether the applicant may try again; cancelled here.
    await page.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject applicant' });
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await rejectDialog.getByText('This field is required').waitFor();
    await saveScreenshot(page, 'applicant-reject-dialog-1280');
    await rejectDialog.getByRole('button', { name: 'Cancel' }).click();
    await rejectDialog.waitFor({ state: 'detached' });

    // Approve: nothing flagged (the reset left no checks) and undoable, in one click.
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    await summary.getByText('Completed', { exact: true }).waitFor();
    expect(await summary.getByText('Approved').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Decision' }).getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await activity.getByText('Approved', { exact: true }).first().waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('decides a clean applicant in one click without scrolling at 1280 × 800, and asks why before approving past flags', async () => {
    // The queued applicants the seed analysed, by their risk: the clean ones (checks, none flagged) and the flagged ones.
    const LIST = 'status=queued&orderBy=userId&orderDirection=asc';
    const queued = await apiJson<{ items: { userId: string }[] }>(`/api/projects/${organizationId}/applicants?pageSize=100&${LIST}`);
    const clean: string[] = [];
    const flagged: string[] = [];
    for (const { userId } of queued.items) {
      const path = `/api/projects/${organizationId}/applicants/${encodeURIComponent(userId)}`;
      const [checks, review] = await Promise.all([apiJson<unknown[]>(`${path}/checks`), apiJson<{ risk: { level: string } }>(`${path}/review`)]);
      if (checks.length === 0) continue;
      (review.risk.level === 'low' ? clean : flagged).push(userId);
    }
    // One clean applicant with another queued after it (for "& next"), and a flagged one.
    const first = clean.find((userId) => queued.items.at(-1)?.userId !== userId);
    if (!first || flagged.length === 0) throw new Error(`the seed left ${clean.length} clean and ${flagged.length} flagged queued applicants`);

    const page = await open({ width: 1280, height: 800 });
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(first)}?${LIST}`, { waitUntil: 'networkidle' });
    const header = page.getByRole('group', { name: 'Case summary' });
    await header.getByText('Low risk').waitFor();
    await header.getByRole('link', { name: 'All checks passed' }).waitFor();
    const approve = page.getByRole('button', { name: 'Approve & next' });
    await approve.and(page.locator(':enabled')).waitFor();
    // Status, risk, verdicts and the decision are all above the fold, before any scroll.
    for (const part of [header, approve]) {
      const box = await part.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    }
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
    await saveScreenshot(page, 'case-header-clean-1280');
    // One click, no key, no scroll: approved, and the next applicant is open.
    await approve.click();
    await page.waitForURL((url) => !url.pathname.endsWith(`/applicants/${encodeURIComponent(first)}`));
    await page.getByRole('group', { name: 'Case summary' }).waitFor();
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
    const decided = await apiJson<{ applicant: { kycStatus: string; reviewAnswer: string | null } }>(
      `/api/projects/${organizationId}/applicants/${encodeURIComponent(first)}`,
    );
    expect(decided.applicant).toMatchObject({ kycStatus: 'completed', reviewAnswer: 'approved' });

    // A flagged applicant: the header names the risk and its reasons; approving asks why, and says so until told.
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(flagged[0])}`, { waitUntil: 'networkidle' });
    await header.getByText(/^(Medium|High) risk$/).waitFor();
    await saveScreenshot(page, 'case-header-flagged-1280');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve past flagged checks?' });
    await dialog.getByRole('list', { name: 'Flagged checks' }).waitFor();
    expect(await dialog.getByText("Don't ask me again").count()).toBe(0);
    await dialog.getByRole('button', { name: 'Approve with override' }).click();
    await dialog.getByText('Say why you approve past these flags').waitFor();
    await expectAccessible(page, 'approve past flagged checks');
    await saveScreenshot(page, 'case-override-dialog-1280');
    await dialog.getByLabel('Override reason (required)').fill('Checked the document with the issuer by phone');
    await dialog.getByRole('button', { name: 'Approve with override' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('#applicant-activity').getByText('Checked the document with the issuer by phone').first().waitFor();

    // On a phone the header wraps, nothing runs off the side.
    const phone = await open(MOBILE);
    await phone.goto(`${suite.app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(flagged[0])}`, { waitUntil: 'networkidle' });
    await phone.getByRole('group', { name: 'Case summary' }).getByText(/risk$/).waitFor();
    expect(await documentScrollWidth(phone)).toBeLessThanOrEqual(MOBILE.width);
    await expectAccessible(phone, 'case header on a phone');
    await saveScreenshot(phone, 'case-header-flagged-375');
    expect(consoleErrors).toEqual([]);
  });

  it('shows the details and the edit form on a phone', async () => {
    const userId = await applicantWithImages();
    const page = await open(MOBILE);
    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('table', { name: 'Identity' }).waitFor();
    await waitForDocumentImage(page);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'applicant-details-375', true);
    await viewAndCompare(page, '375');

    await page.goto(`${suite.app.url}/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}/edit`, {
      waitUntil: 'networkidle',
    });
    await page.getByLabel('Full Name').waitFor();
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'applicant-edit-375', true);
  });

  it("sends another organization's id to the organization picker, saying why", async () => {
    const page = await open();
    await page.goto(`${suite.app.url}/dashboard/00000000-0000-4000-8000-000000000000/applicants`, { waitUntil: 'networkidle' });
    await page.getByText(/That organization does not exist, or you are not one of its members/).waitFor();
  });
});
