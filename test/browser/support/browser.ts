import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';

import { repoRoot } from './app.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const screenshotDir = join(repoRoot, 'test-results', 'screenshots');

/** Debian's Chromium, headless and offline-friendly; `npm run test:browser` installs it if missing. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface OpenedPage {
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  consoleErrors: string[];
  close: () => Promise<void>;
}

/**
 * GET /api/users/me answers 401 for a visitor, which the app reads as "signed out";
 * Chromium still logs every 4xx fetch as a console error, so that one line is expected.
 */
function isExpectedSignedOutProbe(text: string, url: string): boolean {
  return /status of 40[13]\b/.test(text) && new URL(url, 'http://x').pathname === '/api/users/me';
}

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (isExpectedSignedOutProbe(message.text(), message.location().url)) return;
    consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`Uncaught: ${error.message}`));
  return { page, consoleErrors, close: () => context.close() };
}

/** Saves test-results/screenshots/<name>.png for people to look at. */
export async function saveScreenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

// The root tsconfig has no DOM library (it also checks the server), so code that runs
// inside the page is passed to Playwright as strings.

export function scrollY(page: Page): Promise<number> {
  return page.evaluate<number>('window.scrollY');
}

export function documentScrollWidth(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth');
}

/** Waits until the element's top edge sits in the upper `fraction` of the viewport. */
export async function waitUntilScrolledIntoView(
  page: Page,
  id: string,
  fraction = 1 / 3,
  timeoutMs = 5000,
): Promise<void> {
  // page.waitForFunction(string) would eval inside the page, which the app's CSP forbids;
  // page.evaluate goes through the DevTools protocol instead, so poll from here.
  const probe = `(() => {
    const element = document.getElementById(${JSON.stringify(id)});
    if (!element) return false;
    const top = element.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight * ${fraction};
  })()`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await page.evaluate<boolean>(probe)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`#${id} did not scroll into view within ${timeoutMs} ms`);
}
