import type { Browser } from 'playwright-core';

import { startApp, type RunningApp } from './app.js';
import { launchBrowser } from './browser.js';

type AppOptions = NonNullable<Parameters<typeof startApp>[0]>;

export interface BrowserSuite {
  /** The built app, started as a process with a fresh data directory. */
  readonly app: RunningApp;
  /** Debian's Chromium, headless. */
  readonly browser: Browser;
}

/**
 * The browser suites' one setup: call it at the top of a suite file. It starts the built app
 * (with `app`'s options, or those its function resolves, e.g. after a port is chosen) and
 * Chromium (with `browserArgs`) before the suite's own hooks, and stops both after the
 * suite. `app` and `browser` are there from the suite's first hook of its own on.
 */
export function browserSuite(options: { app?: AppOptions | (() => Promise<AppOptions>); browserArgs?: string[] } = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startApp(typeof options.app === 'function' ? await options.app() : options.app);
    browser = await launchBrowser(options.browserArgs);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it in a hook or a test`);
    return value;
  };
  return {
    get app() {
      return started(app, 'the app');
    },
    get browser() {
      return started(browser, 'the browser');
    },
  };
}
