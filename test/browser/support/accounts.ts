import { join } from 'node:path';

import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { encodeRgbPng } from '../../../server/fake-data/png.js';
import type { RunningApp } from './app.js';
import { newContext } from './browser.js';

/** A fresh account's credentials; usernames are unique per call. */
export interface Credentials {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

export function newCredentials(prefix = 'user'): Credentials {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: id, email: `${id}@example.com`, password: 'first-pass-1' };
}

/**
 * Registers through the API in this browser context (the answer's cookie signs the
 * context in), as the register page would. Returns the new user's id.
 */
export async function registerInContext(context: BrowserContext, url: string, who: Credentials): Promise<string> {
  const response = await context.request.post(`${url}/api/auth/register`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: who,
  });
  if (response.status() !== 201) throw new Error(`register answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest e-mail to `to` whose text holds a link to `linkPath`, read from the server's
 * mail_outbox table (no SMTP_URL: the outbox is the delivery). Some mails are written in the
 * background: the outbox is read again each time the server prints something, as it does
 * once it has stored a mail. Returns the link's path and query, to open on the test's app URL.
 */
export function linkFromOutbox(
  app: RunningApp,
  to: string,
  linkPath: '/password-reset' | '/confirm-email' | '/dashboard/select',
  { notIn = [] as string[], timeoutMs = 10_000 } = {},
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${linkPath.replace('/', '\\/')}(?:\\?\\S+)?)`);
  return app.whenOutput(() => newestLink(app.dataDir, to, pattern, notIn), `an e-mail to ${to} with a ${linkPath} link`, timeoutMs);
}

function newestLink(dataDir: string, to: string, pattern: RegExp, notIn: string[]): string | undefined {
  const db = new Database(join(dataDir, 'kyc.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare<[string], OutboxRow>('SELECT "to", subject, text FROM mail_outbox WHERE "to" = ? ORDER BY "createdAt" DESC').all(to.toLowerCase());
    for (const row of rows) {
      const link = pattern.exec(row.text)?.[1];
      if (link && !notIn.includes(link)) return link;
    }
    return undefined;
  } finally {
    db.close();
  }
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.toast-message', { hasText: text }).first().waitFor({ state: 'visible' });
}

/** Waits until the page's path is `path`; client-side navigations count too. */
export async function waitForPath(page: Page, path: string, timeoutMs = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: timeoutMs, waitUntil: 'commit' });
}

/** Signs in through the login form and waits for the dashboard. */
export async function logInThroughForm(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForPath(page, '/dashboard/select');
}

/** A real PNG of one colour, for upload tests. */
export function solidPng(width: number, height: number, colour: [number, number, number]): Buffer {
  return encodeRgbPng(width, height, () => colour);
}

/**
 * A fresh page in its own context, collecting uncaught errors and console errors —
 * except Chromium's log line for a 4xx answer, which these tests provoke on purpose.
 * The context is pushed to `contexts` so the suite can close them all.
 */
export async function openTrackedPage(
  browser: Browser,
  contexts: BrowserContext[],
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, { viewport });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}
