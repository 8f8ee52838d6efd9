import type { Browser } from 'playwright-core';

import type { FakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import { extractSourceFaces, SOURCE_PHOTOS } from '../../server/face-reading/test-faces.js';
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

// Faces are checked, not only collected: an end user photographs a generated passport
// printed with a man's photo and takes a selfie of the same man in two poses → the face
// match passes. A second end user shows another person's passport with the first one's
// face → the reviewer's view flags the first applicant as a duplicate, linked; and the
// first applicant is flagged too: its approve dialog names the later one.

const holders = passportHolders('face-checks', 2);

let app: RunningApp;
let browser: Browser;
let integrator: Integrator;
let organizationId: string;

// faceres: the man's two photos differ by a head turn, which dlib + flip at its threshold does not match (docs/decisions.md).
const setup = integratorSuite({ email: 'faces@acme.example', username: 'acme-faces' }, { FACE_EMBEDDING_MODEL: 'faceres' });

beforeAll(async () => {
  ({ app, browser, integrator, organizationId } = setup);
});

/** Goes through the verification page on a phone: the passport printed with `portrait`, the selfie's two poses, the details. */
async function verify(
  userId: string,
  person: FakeApplicant,
  portrait: Buffer,
  facing: (turn: 'left' | 'right') => Promise<Buffer>,
  turned: (turn: 'left' | 'right') => Promise<Buffer>,
) {
  const document = await renderFakeDocument(person, { face: portrait });
  const { page, errors, turn } = await openPassportVerification(setup, userId);
  await uploadPhoto(page, { name: 'passport.png', buffer: document.pages[0].png });
  await heading(page, 'Take a selfie');
  await takeSelfies(page, { facing: await facing(turn), turned: await turned(turn) }, userId === 'face-first' ? 'face-selfie' : undefined);
  await submitPassportDetails(page, errors, person);
}

/** The reviewer's view of an applicant, once the faces are analysed. */
async function reviewerView(userId: string) {
  const dashboard = await newContext(browser, { viewport: DESKTOP });
  await integrator.signIn(dashboard);
  const office = await dashboard.newPage();
  await office.goto(`${app.url}/dashboard/${organizationId}/applicants/${userId}`);
  return { dashboard, office };
}

describe('face checks', () => {
  it("matches the selfie to the passport's portrait, and flags the same face on another applicant's passport as a duplicate", async () => {
    const theMan = (turn: 'left' | 'right') => poseChallengePhotos(turn);
    await verify(
      'face-first',
      holders[0],
      await galleryFace(1),
      async (turn) => (await theMan(turn)).facing,
      async (turn) => (await theMan(turn)).turned,
    );

    const first = await reviewerView('face-first');
    const face = first.office.getByRole('region', { name: 'Face' });
    await face.getByText(/matches the document portrait/).waitFor({ timeout: 60_000 });
    await face.getByRole('img', { name: 'Selfie face' }).waitFor();
    await face.getByRole('img', { name: 'Document portrait' }).waitFor();
    await saveScreenshot(first.office, 'applicant-face-match-1280', true);
    await first.dashboard.close();

    // Someone else's passport, the first applicant's face (another photo of him).
    const [stranger] = await extractSourceFaces(SOURCE_PHOTOS.slice(0, 1));
    await verify(
      'face-second',
      holders[1],
      stranger.crop,
      async () => galleryFace(8),
      async (turn) => (await theMan(turn)).turned,
    );
    const second = await reviewerView('face-second');
    const duplicates = second.office.getByRole('region', { name: 'Face' });
    const link = duplicates.getByRole('link', { name: /face-first/ });
    await link.waitFor({ timeout: 60_000 });
    await duplicates
      .getByText(/different name or date of birth/i)
      .first()
      .waitFor();
    await saveScreenshot(second.office, 'applicant-face-duplicate-1280', true);
    await second.office.setViewportSize(MOBILE);
    await saveScreenshot(second.office, 'applicant-face-duplicate-375', true);
    await link.click();
    await second.office.waitForURL(/\/applicants\/face-first$/);

    // The earlier applicant is flagged too: its reviewer sees the later one before approving.
    const office = second.office;
    await office.setViewportSize(DESKTOP);
    await office
      .getByRole('region', { name: 'Face' })
      .getByText(/Submitted later: found when its selfie was analysed/)
      .waitFor();
    await office.getByRole('button', { name: 'Approve' }).first().click();
    const dialog = office.getByRole('dialog', { name: 'Approve past flagged checks?' });
    const flags = dialog.getByRole('list', { name: 'Flagged checks' });
    await flags.getByText(/Same face as face-second \(submitted later, different name or date of birth\)/).waitFor();
    await saveScreenshot(office, 'approve-dialog-duplicate-1280');
    await office.setViewportSize(MOBILE);
    await saveScreenshot(office, 'approve-dialog-duplicate-375');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await second.dashboard.close();
  }, 240_000);
});
