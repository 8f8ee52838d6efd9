import type { Server } from 'node:http';

import type { Page } from 'playwright-core';

import { documentScrollWidth, newContext, resizeViewport, saveElementScreenshot, saveScreenshot, waitForPageCondition } from './support/browser.js';

import {
  bodyText,
  closeServer,
  DESKTOP,
  eventTypes,
  expectSigned,
  fillPersonalData,
  heading,
  idCardImage,
  Integrator,
  integratorSite,
  listen,
  MOBILE,
  screenshotBothSizes,
  takeSelfies,
  uploadPhoto,
  watchKycPage,
} from './support/kyc.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { browserSuite } from './support/suite.js';

// The whole verification loop in Chromium against the built server, the recommended way:
// an integrator signs up, configures a webhook and a redirect URL and, on the Integration
// page, the origins its links may send users back to; its server creates a verification
// link for one customer with the API key; the customer opens that link and verifies with
// an ID card; a reviewer approves; the page hears it live and goes to the link's own
// redirect address; the integrator's endpoint receives the signed events.

/** Saves a dashboard page at desktop and phone size (<name>-1280.png, <name>-375.png), then back to desktop. */
async function dashboardScreenshots(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await resizeViewport(page, DESKTOP);
  await saveScreenshot(page, `${name}-1280`, true);
  await resizeViewport(page, MOBILE);
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  await saveScreenshot(page, `${name}-375`, true);
  await resizeViewport(page, DESKTOP);
}

let receiver: WebhookReceiver | undefined;
let site: Server | undefined;

// The webhook receiver and the redirect page run on 127.0.0.1.
const suite = browserSuite({ app: { env: { ALLOW_PRIVATE_WEBHOOKS: 'true', DECISION_UNDO_WINDOW_SECONDS: '0' } } });

afterAll(async () => {
  await receiver?.close();
  await closeServer(site);
});

describe('verification flow', () => {
  it("takes an applicant from a server-created link through review to the link's redirect address, with signed webhooks", async () => {
    receiver = await startWebhookReceiver();
    const { received, url: webhookUrl } = receiver;
    site = integratorSite();
    const siteOrigin = await listen(site);

    // The integrator signs up, creates an organization and sets the webhook and redirect URL.
    const integrator = new Integrator(suite.app.url);
    await integrator.call('POST', '/api/auth/register', {
      email: 'integrator@acme.example',
      username: 'acme-integrator',
      password: 'correct-horse',
    });
    const organization = await integrator.call<{ id: string; companyKey: string }>('POST', '/api/projects', { name: 'Acme Bank' });
    await integrator.call('PUT', '/api/users/webhook', { webhook: webhookUrl });
    await integrator.call('PUT', '/api/users/redirect-url', { redirectUrl: `${siteOrigin}/done` });
    const { secret } = await integrator.call<{ secret: string }>('GET', '/api/webhooks/settings');

    // On the Integration page it allows its site as a place links may send users back to.
    const dashboard = await newContext(suite.browser, { viewport: DESKTOP });
    await integrator.signIn(dashboard);
    const office = await dashboard.newPage();
    const officeProblems = watchKycPage(office, suite.app.url, /^$/);
    await office.goto(`${suite.app.url}/dashboard/${organization.id}/integration`);
    const links = office.getByRole('region', { name: 'Verification links' });
    await links.getByText('Recommended').waitFor();
    expect(await links.getByTestId('session-example').innerText()).toContain('POST /api/kyc/sessions');
    const allowed = links.getByLabel('Allowed redirect origins');
    await allowed.fill(`${siteOrigin}/done`);
    await links.getByRole('button', { name: 'Save settings' }).click();
    await office.locator('.toast-region').getByText('Saved the verification link settings', { exact: true }).waitFor();
    // The form shows what the server stored: the origin.
    await waitForPageCondition(
      office,
      `document.querySelector('#verification-links textarea')?.value === ${JSON.stringify(siteOrigin)}`,
      'the stored redirect origin',
    );
    expect(await links.getByRole('checkbox', { name: 'Allow public companyKey links' }).isChecked()).toBe(true);
    await office.getByRole('button', { name: 'Dismiss notification' }).click();
    await dashboardScreenshots(office, 'integration-verification-links');

    // Its server creates a link for one customer, with the API key, to come back to its own page.
    const { apiKey } = await integrator.call<{ apiKey: string }>('GET', '/api/api-keys');
    const linkRedirect = `${siteOrigin}/done?via=link`;
    const session = await integrator.call<{ sessionId: string; url: string; expiresAt: string }>(
      'POST',
      '/api/kyc/sessions',
      { organizationId: organization.id, userId: 'customer-42', name: 'Ana Souza', redirectUrl: linkRedirect },
      { bearer: apiKey },
    );
    expect(session.url).toMatch(new RegExp(`^${suite.app.url}/kyc\\?session=[\\w-]{20,}$`));

    // The customer opens the link and verifies with an ID card.
    const context = await newContext(suite.browser, { viewport: MOBILE });
    const page = await context.newPage();
    const pageErrors = watchKycPage(page, suite.app.url);
    await page.goto(session.url);
    await heading(page, 'Verify your identity for Acme Bank');
    await heading(page, 'Choose your document');
    await screenshotBothSizes(page, '01-document');

    await page.getByRole('button', { name: /ID card/ }).click();
    await heading(page, 'Front of your ID card');
    await screenshotBothSizes(page, '02-front');
    await uploadPhoto(page, { name: 'id-front.png', buffer: idCardImage('front') }, '02-front-preview');

    await heading(page, 'Back of your ID card');
    await screenshotBothSizes(page, '03-back');
    await uploadPhoto(page, { name: 'id-back.png', buffer: idCardImage('back') });

    await heading(page, 'Take a selfie');
    await screenshotBothSizes(page, '04-selfie');
    await takeSelfies(page, undefined, '04-selfie');

    // The name the integrator's server gave is there already.
    await heading(page, 'Your personal details');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ana Souza');
    await page.getByLabel('Full name').fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This field is required').first().waitFor();
    await screenshotBothSizes(page, '05-personal-errors');
    await fillPersonalData(page);
    await screenshotBothSizes(page, '05-personal');
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading(page, 'Review and submit');
    await screenshotBothSizes(page, '06-review');

    // Progress survives a reload: the link's secret is exchanged again and the session says every step is done.
    await page.reload();
    await heading(page, 'Review and submit');
    expect(await page.getByText('Ana Souza').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Submit verification' }).click();
    await heading(page, "We're checking your documents…");
    expect(await page.getByRole('button', { name: 'Submit verification' }).count()).toBe(0);
    await screenshotBothSizes(page, '07-processing');

    // The integrator's endpoint hears of the submission and the automatic checks.
    await receiver.until(
      () => (['applicant.submitted', 'applicant.prechecked'].every((type) => eventTypes(received).includes(type)) ? true : undefined),
      'the applicant.submitted and applicant.prechecked webhooks',
      20_000,
    );

    // Someone else opening the public companyKey link of this submitted applicant learns
    // nothing of it, not even how it goes: the same refusal as for one in progress.
    const onlooker = await newContext(suite.browser, { viewport: MOBILE });
    const watching = await onlooker.newPage();
    const watchingErrors = watchKycPage(watching, suite.app.url);
    await watching.goto(`${suite.app.url}/kyc?companyKey=${encodeURIComponent(organization.companyKey)}&userId=customer-42`);
    await heading(watching, 'This verification is already in progress');
    expect(await watching.getByTestId('kyc-refusal').getAttribute('data-code')).toBe('VERIFICATION_IN_PROGRESS');
    const shown = await bodyText(watching);
    expect(shown).not.toMatch(/Ana Souza|X1234567|Porto Alegre|being checked|complete|not accepted/);
    expect(await watching.locator('main img').count()).toBe(0);
    await screenshotBothSizes(watching, '10-company-key-refused');

    // A wrong (or revoked, or expired) link says so, and nothing else.
    const stranger = await newContext(suite.browser, { viewport: MOBILE });
    const strangerPage = await stranger.newPage();
    const strangerErrors = watchKycPage(strangerPage, suite.app.url);
    await strangerPage.goto(`${suite.app.url}/kyc?session=not-a-real-session-secret-0123456789`);
    await heading(strangerPage, 'This verification link is no longer valid');
    expect(await strangerPage.getByTestId('kyc-refusal').getAttribute('data-code')).toBe('SESSION_LINK_INVALID');
    expect(await bodyText(strangerPage)).not.toMatch(/Acme Bank|customer-42/);
    await screenshotBothSizes(strangerPage, '11-link-invalid');
    await stranger.close();

    // A reviewer approves; both pages hear 'completed' live; the customer's leaves for the link's own address after 2 s.
    await integrator.call('POST', `/api/projects/${organization.id}/applicants/customer-42/approve`);
    await heading(page, "You're verified", 10_000);
    // The page leaves for the redirect 2 s after 'completed': too soon to run axe on it as well.
    await saveScreenshot(page, 'kyc-08-completed-375', true, { checkAccessibility: false });
    const completedAt = Date.now();
    await page.waitForURL(linkRedirect, { timeout: 10_000 });
    expect(Date.now() - completedAt).toBeGreaterThanOrEqual(1500);
    await heading(page, 'Thanks');
    // The onlooker's page never hears of the decision.
    expect(watching.url()).toContain('/kyc?companyKey=');
    await heading(watching, 'This verification is already in progress');

    await receiver.until(() => (eventTypes(received).includes('applicant.decided') ? true : undefined), 'the applicant.decided webhook', 20_000);
    expectSigned(received, secret);
    const decided = received
      .map((delivery) => JSON.parse(delivery.body) as { type: string; data: unknown })
      .find((event) => event.type === 'applicant.decided');
    expect(JSON.stringify(decided)).toContain('customer-42');
    expect(pageErrors).toEqual([]);
    expect(watchingErrors).toEqual([]);
    expect(strangerErrors).toEqual([]);
    await context.close();
    await onlooker.close();

    // The applicant's activity names the session and the address of every step on the verification page.
    await office.goto(`${suite.app.url}/dashboard/${organization.id}/applicants/customer-42`);
    const activity = office.getByRole('region', { name: 'Activity' });
    const photo = activity.getByRole('listitem').filter({ hasText: 'Uploaded a photo' }).first();
    await photo.waitFor();
    const photoText = await photo.innerText();
    expect(photoText).toContain(`Session ${session.sessionId.slice(0, 8)}`);
    expect(photoText).not.toContain(session.sessionId);
    expect(photoText).toMatch(/IP address (127\.0\.0\.1|::1)/);
    await saveElementScreenshot(activity, 'applicant-activity-sessions-1280');
    expect(officeProblems).toEqual([]);
    await dashboard.close();
  }, 240_000);
});
