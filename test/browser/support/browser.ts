import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

import { expectAccessible } from './a11y.js';
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

/**
 * A browser context that prefers reduced motion, as every test page should: the app's
 * `prefers-reduced-motion: reduce` styles make menus, dialogs and toasts appear at once, so
 * the tests wait for what is on screen instead of for an animation.
 */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ reducedMotion: 'reduce', ...options });
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

export async function openPage(browser: Browser, viewport: { width: number; height: number } = { width: 1280, height: 900 }): Promise<OpenedPage> {
  const context = await newContext(browser, { viewport });
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

/**
 * Saves test-results/screenshots/<name>.png for people to look at. Any animation still
 * running is shown at its end, never half-way. Every screen worth a picture is also checked
 * with axe: a serious or critical WCAG 2.2 AA violation fails the test.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  fullPage = false,
  /** False only for a screen that leaves by itself within seconds (axe takes about one). */
  { checkAccessibility = true } = {},
): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  if (checkAccessibility) await expectAccessible(page, name);
  return path;
}

/**
 * Saves test-results/screenshots/<name>.png of one element (e.g. a panel of a long page).
 * Sticky headers (the dashboard's, the organization's, a case header) scroll away for the
 * picture: scrolled to the element, they would cover it.
 */
export async function saveElementScreenshot(element: Locator, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  // Through the DOM, not a <style> element: the app's CSP (style-src 'self') refuses injected styles.
  const page = element.page();
  await page.evaluate(
    `document.querySelectorAll('body *').forEach((el) => { if (getComputedStyle(el).position === 'sticky') { el.dataset.unstuck = ''; el.style.position = 'static'; } })`,
  );
  try {
    await element.screenshot({ path, animations: 'disabled' });
  } finally {
    await page.evaluate(`document.querySelectorAll('[data-unstuck]').forEach((el) => { el.style.position = ''; delete el.dataset.unstuck; })`);
  }
  await expectAccessible(page, name);
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

/**
 * Waits until `predicate`, a JavaScript expression, is truthy in the page, checking it on every
 * animation frame as page.waitForFunction does. page.waitForFunction itself evals the predicate
 * inside the page, which the app's CSP (script-src 'self') forbids; page.evaluate goes through
 * the DevTools protocol instead. Rejects after `timeoutMs` with a message naming `what`.
 */
export async function waitForPageCondition(page: Page, predicate: string, what: string, timeoutMs = 10_000): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const deadline = AbortSignal.timeout(${timeoutMs});
    deadline.addEventListener('abort', () => reject(new Error(${JSON.stringify(`Timed out after ${timeoutMs} ms waiting for ${what}`)})));
    const check = () => {
      if (deadline.aborted) return;
      try {
        if (${predicate}) return resolve(true);
      } catch (error) {
        return reject(error);
      }
      requestAnimationFrame(check);
    };
    check();
  })`);
}

/**
 * Resolves once every CSS animation and transition in the page has run to its end (with
 * reduced motion they last 0.01 ms): an element that is visible is then also where it stays.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => null)),
  ).then(() => true)`);
}

/**
 * Resizes the viewport and waits until the page has taken the new size. The layout follows
 * through CSS alone, so reading sizes or taking a picture afterwards sees the new layout.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await waitForPageCondition(
    page,
    `window.innerWidth === ${size.width} && window.innerHeight === ${size.height}`,
    `the viewport to be ${size.width}×${size.height}`,
  );
}

/** Waits until the element's top edge sits in the upper `fraction` of the viewport. */
export async function waitUntilScrolledIntoView(page: Page, id: string, fraction = 1 / 3, timeoutMs = 5000): Promise<void> {
  const inView = `(() => {
    const element = document.getElementById(${JSON.stringify(id)});
    if (!element) return false;
    const top = element.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight * ${fraction};
  })()`;
  await waitForPageCondition(page, inView, `#${id} to scroll into view`, timeoutMs);
}

/** Waits until the first document image on an applicant's page has loaded (an authorized same-origin route). */
export async function waitForDocumentImage(page: Page): Promise<void> {
  await waitForPageCondition(
    page,
    `(() => { const image = document.querySelector('.document-image img'); return Boolean(image && image.complete && image.naturalWidth > 0); })()`,
    'the document image to load',
  );
}
