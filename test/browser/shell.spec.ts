import { animationsFinished, documentScrollWidth, openPage, saveScreenshot, scrollY, waitUntilScrolledIntoView, type OpenedPage } from './support/browser.js';
import { browserSuite } from './support/suite.js';

const opened: OpenedPage[] = [];

async function open(viewport?: { width: number; height: number }): Promise<OpenedPage> {
  const page = await openPage(suite.browser, viewport);
  opened.push(page);
  return page;
}

const suite = browserSuite();

afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.close()));
});

describe('public shell', () => {
  it('renders the landing page with no console or CSP errors', async () => {
    const { page, consoleErrors } = await open({ width: 1280, height: 900 });
    await page.goto(`${suite.app.url}/`, { waitUntil: 'networkidle' });

    const hero = page.getByRole('heading', { level: 1 });
    await hero.waitFor();
    expect(await hero.textContent()).toContain('KYC management');
    expect(await page.getByRole('link', { name: "Get started, it's free" }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: 'Explore demo account' }).first().getAttribute('href')).toBe('/register/demo');
    for (const feature of ['Instant verification', 'Global compliance', 'Fraud prevention']) {
      expect(await page.getByRole('heading', { name: feature }).isVisible()).toBe(true);
    }
    expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()}`);

    await saveScreenshot(page, 'landing-1280', true);
    expect(consoleErrors).toEqual([]);
  });

  it('scrolls the features section into view from the header link', async () => {
    const { page, consoleErrors } = await open({ width: 1280, height: 800 });
    await page.goto(`${suite.app.url}/`, { waitUntil: 'networkidle' });
    expect(await scrollY(page)).toBe(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();

    await waitUntilScrolledIntoView(page, 'features');
    expect(new URL(page.url()).hash).toBe('#features');
    expect(await scrollY(page)).toBeGreaterThan(200);
    expect(consoleErrors).toEqual([]);
  });

  it("shows 'Page not found!' for an unknown route", async () => {
    const { page, consoleErrors } = await open({ width: 1280, height: 900 });
    await page.goto(`${suite.app.url}/this/route/does-not-exist`, { waitUntil: 'networkidle' });

    await page.getByRole('heading', { name: 'Page not found!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/');

    await saveScreenshot(page, 'page-not-found');
    expect(consoleErrors).toEqual([]);
  });

  it.each([
    ['/dashboard/select', '/login', null],
    // companyKey 'x' is not a real key: the page's token request is refused (401), as it should be.
    ['/kyc?companyKey=x&userId=y', '/kyc', /status of 401\b/],
  ])('serves the app on a deep-link reload of %s', async (path, expectedPath, expectedError) => {
    const { page, consoleErrors } = await open();

    const first = await page.goto(`${suite.app.url}${path}`, { waitUntil: 'networkidle' });
    expect(first?.status()).toBe(200);
    expect(first?.headers()['content-type']).toContain('text/html');
    // The app rendered a screen (which one depends on the feature behind the route).
    await page.locator('#root h1').first().waitFor();

    const reloaded = await page.reload({ waitUntil: 'networkidle' });
    expect(reloaded?.status()).toBe(200);
    // The app rendered a screen (which one depends on the feature behind the route).
    await page.locator('#root h1').first().waitFor();
    // A guest on a protected page is sent to /login by the suite.app, not by the server.
    expect(new URL(page.url()).pathname).toBe(expectedPath);
    expect(consoleErrors.filter((error) => !expectedError?.test(error))).toEqual([]);
  });

  it('opens the mobile menu at 375 px', async () => {
    const { page, consoleErrors } = await open({ width: 375, height: 812 });
    await page.goto(`${suite.app.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'landing-375', true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor({ state: 'visible' });
    for (const name of ['Features', 'Login', 'Try demo', 'Get started']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await menu.getByText('KYC Management System').isVisible()).toBe(true);
    // The opening fade has run (instantly, with reduced motion) before the picture.
    await animationsFinished(page);
    await saveScreenshot(page, 'mobile-menu-375');

    await menu.getByRole('link', { name: 'Features', exact: true }).click();
    await waitUntilScrolledIntoView(page, 'features', 1 / 2);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(consoleErrors).toEqual([]);
  });
});
