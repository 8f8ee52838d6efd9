import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';

import { fakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { onScreen } from '../fixtures/document-attacks.js';
import { zoneCard } from '../support/zone-card.js';
import type { RunningApp } from './support/app.js';
import { newContext, saveScreenshot, waitForPageCondition } from './support/browser.js';
import { DESKTOP, heading, Integrator, MOBILE, screenshotBothSizes, takeSelfies, uploadPhoto, watchKycPage, integratorSuite } from './support/kyc.js';

// The document is read, not only collected: an end user photographs a generated passport
// (and, in a second verification, an identity card); the personal-data step arrives
// filled in from the machine-readable zone; a date of birth typed wrong on purpose
// shows, once the analysis has run, as a highlighted mismatch in the reviewer's view.

/** People of the fixed 'document-reading' series whose documents the reader reads: a passport and an identity card. */
const now = new Date('2026-06-01T00:00:00Z');
const passportHolder = fakeApplicant(1, { seed: 'document-reading', now });
const cardHolder = fakeApplicant(3, { seed: 'document-reading', now });

let app: RunningApp;
let browser: Browser;
let integrator: Integrator;
let organizationId: string;
let apiKey: string;

const setup = integratorSuite({ email: 'reader@acme.example', username: 'acme-reader' });

beforeAll(async () => {
  ({ app, browser, integrator, organizationId, apiKey } = setup);
});

/** A server-created verification link for one customer, opened in a fresh phone-sized page. */
async function openLink(userId: string, expectedErrors?: RegExp) {
  const { url } = await integrator.call<{ url: string }>('POST', '/api/kyc/sessions', { organizationId, userId }, { bearer: apiKey });
  const context = await newContext(browser, { viewport: MOBILE });
  const page = await context.newPage();
  const errors = watchKycPage(page, app.url, expectedErrors);
  await page.goto(url);
  await heading(page, 'Choose your document');
  return { page, errors, context };
}

/** The personal-data step's Continue, then the review step's Submit: the end user waits for the checks. */
async function submitDetails(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Review and submit');
  await page.getByRole('button', { name: 'Submit verification' }).click();
  await heading(page, "We're checking your documents…");
}

/** The reviewer's view of one applicant, signed in on a desktop-sized page. */
async function openApplicant(userId: string) {
  const dashboard = await newContext(browser, { viewport: DESKTOP });
  await integrator.signIn(dashboard);
  const office = await dashboard.newPage();
  await office.goto(`${app.url}/dashboard/${organizationId}/applicants/${userId}`);
  return { dashboard, office };
}

describe('reading the document', () => {
  it('pre-fills the details from a passport, and shows the reviewer a mistyped date of birth', async () => {
    const document = await renderFakeDocument(passportHolder);
    // The refused photo's 422 is an expected console line.
    const { page, errors, context } = await openLink('reader-passport', /status of (40[19]|422)\b/);
    await page.getByRole('button', { name: /Passport/ }).click();
    await heading(page, 'Photo page of your passport');
    // A shaky photo is refused at once, saying what to fix; a sharp one is taken.
    await uploadPhoto(page, { name: 'passport-blurred.png', buffer: await sharp(document.pages[0].png).blur(6).png().toBuffer() });
    await page.getByText('The photo is blurry — hold still and retake').waitFor();
    await screenshotBothSizes(page, 'document-blurry');
    await page.getByRole('button', { name: 'Retake' }).click();
    await uploadPhoto(page, { name: 'passport.png', buffer: document.pages[0].png });
    await heading(page, 'Take a selfie');
    await takeSelfies(page);

    // The details arrive filled in from the machine-readable zone.
    await heading(page, 'Your personal details');
    await page.getByText(/We filled in .* from your passport/).waitFor();
    expect(await page.getByLabel('Date of birth').inputValue()).toBe(passportHolder.dateOfBirth);
    expect(await page.getByLabel('Document number').inputValue()).toBe(passportHolder.docNumber);
    expect(await page.getByLabel('Expiry date').inputValue()).toBe(passportHolder.expiryDate);
    expect((await page.getByLabel('Full name').inputValue()).length).toBeGreaterThan(3);
    await screenshotBothSizes(page, 'document-prefilled');

    // The end user gets the date of birth wrong, fills in the rest, and submits.
    await page.getByLabel('Date of birth').fill('1970-01-01');
    await page.getByLabel('Country').fill('Somewhere');
    await submitDetails(page);
    expect(errors).toEqual([]);
    await context.close();

    // The reviewer sees the typed value beside the document's, highlighted.
    const { dashboard, office } = await openApplicant('reader-passport');
    const identity = office.getByRole('table', { name: 'Identity' });
    await identity.getByText('Differs from the document').waitFor({ timeout: 30_000 });
    await waitForPageCondition(
      office,
      `[...document.querySelectorAll('tr.kv-mismatch th')].map((th) => th.textContent).join('|') === 'Date of Birth'`,
      'only the date of birth highlighted',
    );
    expect(await identity.getByText(passportHolder.dateOfBirth!).count()).toBe(1);
    await office.getByRole('heading', { name: 'Automatic checks' }).waitFor();
    await saveScreenshot(office, 'applicant-document-mismatch-1280', true);
    await dashboard.close();
  }, 120_000);

  it('pre-fills the details from the back of an identity card', async () => {
    const document = await renderFakeDocument(cardHolder);
    const [front, back] = document.pages;
    const { page, errors, context } = await openLink('reader-card');
    await page.getByRole('button', { name: /ID card/ }).click();
    await heading(page, 'Front of your ID card');
    await uploadPhoto(page, { name: 'card-front.png', buffer: front.png });
    await heading(page, 'Back of your ID card');
    await uploadPhoto(page, { name: 'card-back.png', buffer: back.png });
    await heading(page, 'Take a selfie');
    await takeSelfies(page);
    await heading(page, 'Your personal details');
    await page.getByText(/We filled in .* from your ID card/).waitFor();
    expect(await page.getByLabel('Document number').inputValue()).toBe(cardHolder.docNumber);
    expect(await page.getByLabel('Date of birth').inputValue()).toBe(cardHolder.dateOfBirth);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the reviewer a suspected screen capture as a signal, outlined on the photo', async () => {
    const document = await renderFakeDocument(passportHolder);
    const { page, errors, context } = await openLink('reader-screen');
    await page.getByRole('button', { name: /Passport/ }).click();
    await heading(page, 'Photo page of your passport');
    await uploadPhoto(page, { name: 'passport-on-screen.png', buffer: await onScreen(document.pages[0].png) });
    await heading(page, 'Take a selfie');
    await takeSelfies(page);
    await heading(page, 'Your personal details');
    // Typed as printed (whether or not the zone was read through the screen's stripes).
    await page.getByLabel('Full name').fill(passportHolder.name!);
    await page.getByLabel('Date of birth').fill(passportHolder.dateOfBirth!);
    await page.getByLabel('Document number').fill(passportHolder.docNumber!);
    await page.getByLabel('Expiry date').fill(passportHolder.expiryDate!);
    await page.getByLabel('Country').fill('Somewhere');
    await submitDetails(page);
    expect(errors).toEqual([]);
    await context.close();

    const { dashboard, office } = await openApplicant('reader-screen');
    const signals = office.getByRole('list', { name: 'Document liveness signals on the Passport, front' });
    await signals.getByText('Suspected screen capture — a signal, not a certification (outlined on the photo)').waitFor({ timeout: 60_000 });
    await office.getByTestId('signal-region-screen').waitFor();
    await office.getByText('Suspected screen capture (front): a signal for a person to look at, not a certification').waitFor();
    await saveScreenshot(office, 'applicant-document-liveness-1280', true);
    await dashboard.close();
  }, 150_000);

  it('outlines on the photo each character of the zone in doubt, numbered as listed under it', async () => {
    // ICAO's specimen with a letter printed after the names' padding: every check digit holds, but a filler before it may be a misread letter.
    const zone = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<X<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
    const { page, errors, context } = await openLink('reader-doubt');
    await page.getByRole('button', { name: /Passport/ }).click();
    await heading(page, 'Photo page of your passport');
    await uploadPhoto(page, {
      name: 'passport-zone.jpg',
      // On a dark table, turned a little: a white background would be taken for glare.
      buffer: await sharp(await zoneCard(zone))
        .rotate(3, { background: '#3a3a3a' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    });
    await heading(page, 'Take a selfie');
    await takeSelfies(page);
    await heading(page, 'Your personal details');
    await page.getByLabel('Full name').fill('Anna Maria Eriksson');
    await page.getByLabel('Country').fill('Somewhere');
    await submitDetails(page);
    expect(errors).toEqual([]);
    await context.close();

    const { dashboard, office } = await openApplicant('reader-doubt');
    const doubts = office.getByRole('list', { name: 'Characters in doubt on the Passport, front' });
    await doubts.getByText('line 1, column 34: read X, or <').waitFor({ timeout: 60_000 });
    expect(await office.getByTestId('doubt-region').count()).toBe(await doubts.getByRole('listitem').count());
    await saveScreenshot(office, 'applicant-zone-doubt-1280', true);
    await office.setViewportSize(MOBILE);
    await doubts.waitFor();
    // The zone scrolls sideways inside its card; nothing widens the page.
    expect(await office.evaluate('document.documentElement.scrollWidth')).toBe(MOBILE.width);
    await saveScreenshot(office, 'applicant-zone-doubt-375', true);
    await dashboard.close();
  }, 150_000);
});
