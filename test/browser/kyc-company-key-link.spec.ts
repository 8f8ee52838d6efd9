import type { Server } from 'node:http';

import { newContext, waitForPageCondition } from './support/browser.js';

import {
  bodyText,
  closeServer,
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

// The specification's public link, /kyc?companyKey=…&userId=…, in Chromium against the
// built server: without a webhook it explains itself; the browser that starts a new
// applicant may continue (it keeps a resume secret), another browser opening the same
// link is refused with VERIFICATION_IN_PROGRESS, meanwhile and once submitted alike (it
// never learns the outcome); the camera step and a rejection asking for a resubmission.

let receiver: WebhookReceiver | undefined;
let site: Server | undefined;

const suite = browserSuite({
  // The webhook receiver and the redirect page run on 127.0.0.1.
  app: { env: { ALLOW_PRIVATE_WEBHOOKS: 'true', DECISION_UNDO_WINDOW_SECONDS: '0' } },
  // The fake camera flags give the camera step a picture to show.
  browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
});

afterAll(async () => {
  await receiver?.close();
  await closeServer(site);
});

describe('the public companyKey link', () => {
  it('starts in one suite.browser, is refused in another while under way and once submitted, whatever the outcome', async () => {
    receiver = await startWebhookReceiver();
    const { received, url: webhookUrl } = receiver;
    site = integratorSite();
    const redirectUrl = `${await listen(site)}/done`;

    const integrator = new Integrator(suite.app.url);
    await integrator.call('POST', '/api/auth/register', {
      email: 'integrator@globex.example',
      username: 'globex-integrator',
      password: 'correct-horse',
    });
    const organization = await integrator.call<{ id: string; companyKey: string }>('POST', '/api/projects', { name: 'Globex Bank' });
    const kycUrl = `${suite.app.url}/kyc?companyKey=${encodeURIComponent(organization.companyKey)}&userId=customer-7`;

    // Before a webhook exists, the link explains that verification is not set up.
    const first = await newContext(suite.browser, { viewport: MOBILE });
    const page = await first.newPage();
    const pageErrors = watchKycPage(page, suite.app.url);
    await page.goto(kycUrl);
    await heading(page, 'Verification is not available yet');
    expect(await page.getByRole('alert').textContent()).toContain('Please configure your webhook');
    await screenshotBothSizes(page, '00-webhook-not-configured');

    await page.goto(`${suite.app.url}/kyc?userId=customer-7`);
    await heading(page, 'This verification link is incomplete');
    await screenshotBothSizes(page, '00-link-incomplete');

    await integrator.call('PUT', '/api/users/webhook', { webhook: webhookUrl });
    await integrator.call('PUT', '/api/users/redirect-url', { redirectUrl });
    // Chromium's fake camera films a moving test pattern, not a document: photos are measured, not refused.
    await integrator.call('PUT', `/api/projects/${organization.id}/verification-settings`, {
      allowCompanyKeyLinks: true,
      redirectAllowList: [],
      photoQuality: { enforce: false, minSharpness: 120, maxGlare: 0.04, minBrightness: 60, minShortSide: 500 },
    });
    const { secret } = await integrator.call<{ secret: string }>('GET', '/api/webhooks/settings');

    // The customer starts in the first browser and gets as far as the back of the ID card.
    await page.goto(kycUrl);
    await heading(page, 'Verify your identity for Globex Bank');
    await page.getByRole('button', { name: /ID card/ }).click();
    await heading(page, 'Front of your ID card');
    await uploadPhoto(page, { name: 'id-front.png', buffer: idCardImage('front') });
    await heading(page, 'Back of your ID card');
    // This browser keeps the resume secret the server gave it for the new applicant.
    await waitForPageCondition(
      page,
      `Object.keys(localStorage).some((key) => key.startsWith('kyc.resume:') && localStorage.getItem(key))`,
      'the resume secret in localStorage',
    );

    // The same link in a second browser: refused, and it learns nothing about the applicant.
    const second = await newContext(suite.browser, { viewport: MOBILE });
    const other = await second.newPage();
    const otherErrors = watchKycPage(other, suite.app.url);
    await other.goto(kycUrl);
    await heading(other, 'This verification is already in progress');
    expect(await other.getByTestId('kyc-refusal').getAttribute('data-code')).toBe('VERIFICATION_IN_PROGRESS');
    expect(await other.getByTestId('kyc-refusal').textContent()).toBe(
      'This verification was started elsewhere. Continue it with the link you were sent, or in the browser where you started it.',
    );
    expect(await bodyText(other)).not.toMatch(/Globex Bank|ID card|customer-7/);
    await screenshotBothSizes(other, '12-in-progress');

    // The first browser carries on, untouched, through a reload (it exchanges its resume secret).
    await uploadPhoto(page, { name: 'id-back.png', buffer: idCardImage('back') });
    await heading(page, 'Take a selfie');
    await page.reload();
    await heading(page, 'Take a selfie');
    await takeSelfies(page);
    await heading(page, 'Your personal details');
    await fillPersonalData(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Review and submit');
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await heading(page, "We're checking your documents…");

    // Once submitted, the second browser's link is refused alike: it never learns how it goes.
    await other.reload();
    await heading(other, 'This verification is already in progress');
    expect(await bodyText(other)).not.toMatch(/Ana Souza|X1234567|being checked/);

    // Approved: the first browser hears it live and goes to the organization's redirect URL;
    // the second still learns nothing.
    await integrator.call('POST', `/api/projects/${organization.id}/applicants/customer-7/approve`);
    await heading(page, "You're verified", 10_000);
    await page.waitForURL(redirectUrl, { timeout: 10_000 });
    await other.reload();
    await heading(other, 'This verification is already in progress');
    await heading(page, 'Thanks');

    await receiver.until(() => (eventTypes(received).includes('applicant.decided') ? true : undefined), 'the applicant.decided webhook', 20_000);
    expect(eventTypes(received)).toEqual(expect.arrayContaining(['applicant.submitted', 'applicant.prechecked', 'applicant.decided']));
    expectSigned(received, secret);
    expect(pageErrors).toEqual([]);
    expect(otherErrors).toEqual([]);
    await first.close();
    await second.close();

    // The camera step, with Chromium's fake camera: live preview, capture, preview.
    const cameraContext = await newContext(suite.browser, { viewport: MOBILE });
    const camera = await cameraContext.newPage();
    await camera.goto(`${suite.app.url}/kyc?companyKey=${encodeURIComponent(organization.companyKey)}&userId=customer-camera`);
    await heading(camera, 'Choose your document');
    await camera.getByRole('button', { name: /Driving licence/ }).click();
    await heading(camera, 'Front of your driving licence');
    await camera.getByRole('button', { name: 'Take a photo' }).click();
    await camera.getByRole('button', { name: 'Take photo' }).and(camera.locator(':enabled')).waitFor();
    // The fake camera's picture is playing, not just its first frame loaded.
    await waitForPageCondition(
      camera,
      `(() => { const video = document.querySelector('video.kyc-camera-video'); return Boolean(video && video.readyState >= 2 && !video.paused && video.currentTime > 0); })()`,
      'the camera preview to play',
    );
    await screenshotBothSizes(camera, '02-front-camera');
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await camera.getByRole('button', { name: 'Use this photo' }).click();
    await heading(camera, 'Back of your driving licence');

    // A rejection that asks for a resubmission reaches the page live, with a way to try again.
    await integrator.call('POST', `/api/projects/${organization.id}/applicants/customer-camera/reject`, {
      reason: 'The photo is blurred',
      rejectType: 'resubmission',
    });
    await heading(camera, "We couldn't verify your identity");
    await camera.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshotBothSizes(camera, '09-failed-resubmission');
    await camera.getByRole('button', { name: 'Try again' }).click();
    await heading(camera, 'Choose your document');
    await cameraContext.close();
  }, 240_000);
});
