import type { Browser } from 'playwright-core';

import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { galleryFace, poseChallengePhotos } from '../fixtures/face-photos.js';
import type { RunningApp } from './support/app.js';
import { newContext, saveScreenshot } from './support/browser.js';
import {
  DESKTOP,
  heading,
  Integrator,
  MOBILE,
  openPassportVerification,
  submitPassportDetails,
  takeSelfies,
  uploadPhoto,
  integratorSuite,
  passportHolders,
} from './support/kyc.js';

// Injection signals reach the reviewer (issue 35 part 4): an end user goes through the
// verification page choosing photo files for the selfie instead of taking them with the
// camera; the page reports it with each capture, the face analysis turns it into the
// `file-chosen` signal on the liveness check, and the reviewer's face panel shows it flagged,
// beside the pose challenge and the passive presentation signals, as signals.

const [person] = passportHolders('liveness-signals', 1);

let app: RunningApp;
let browser: Browser;
let integrator: Integrator;
let organizationId: string;

const setup = integratorSuite({ email: 'liveness@acme.example', username: 'acme-liveness' });

beforeAll(async () => {
  ({ app, browser, integrator, organizationId } = setup);
});

describe('liveness signals', () => {
  it('shows the reviewer that the selfies were files chosen instead of camera captures, flagged, with the presentation signals', async () => {
    const userId = 'files-instead-of-camera';
    const document = await renderFakeDocument(person, { face: await galleryFace(1) });
    const { page, errors, turn } = await openPassportVerification(setup, userId);
    await uploadPhoto(page, { name: 'passport.png', buffer: document.pages[0].png });
    await heading(page, 'Take a selfie');
    await takeSelfies(page, await poseChallengePhotos(turn));
    await submitPassportDetails(page, errors, person);

    const dashboard = await newContext(browser, { viewport: DESKTOP });
    await integrator.signIn(dashboard);
    const office = await dashboard.newPage();
    await office.goto(`${app.url}/dashboard/${organizationId}/applicants/${userId}`);
    const face = office.getByRole('region', { name: 'Face' });
    const liveness = face.locator('section', { has: office.getByRole('heading', { name: 'Liveness', level: 3 }) });
    await liveness.getByRole('heading', { name: /Injection signals/, level: 4 }).waitFor({ timeout: 90_000 });
    const chosen = liveness.locator('.face-fact', { hasText: 'File chosen instead of the camera' });
    await chosen.getByText('Suspected', { exact: false }).first().waitFor();
    expect(await chosen.getAttribute('class')).toContain('face-fact-flagged');
    expect(await liveness.innerText()).toMatch(/the selfie and the turned selfie were chosen as a file instead of taken with the camera/);
    await liveness.getByRole('heading', { name: /Presentation signals/, level: 4 }).waitFor();
    await liveness.scrollIntoViewIfNeeded();
    await saveScreenshot(office, 'liveness-signals-1280', true);
    await office.setViewportSize(MOBILE);
    await saveScreenshot(office, 'liveness-signals-375', true);
    const overflow = Number(await office.evaluate('document.documentElement.scrollWidth'));
    expect(overflow).toBeLessThanOrEqual(MOBILE.width);
    await dashboard.close();
  }, 240_000);
});
