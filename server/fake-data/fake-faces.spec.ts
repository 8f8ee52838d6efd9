import { detectFaces } from '../face-reading/face-reading.js';
import { fakeApplicants } from './fake-applicant.js';
import { FACED_SUBMISSIONS, sourceFaceCrops, withFaces } from './fake-faces.js';
import { fakeSubmission, photoTrouble, type ReadDocument } from './fake-submission.js';

const notRead: ReadDocument = () => {
  throw new Error('the reader was asked to read a photo that is not spoilt');
};

/**
 * Demo and seed applicants' faces: composed at run time from the photos npm packages ship
 * (never committed), printed on the document and taken as the selfie, so that the face
 * detector finds them and the demo shows the real face checks.
 */
describe('faces of demo and seed applicants', () => {
  const series = fakeApplicants(60, { seed: 'fake-faces', now: new Date('2026-11-21T12:00:00Z') });

  it('gives the first submitted applicants each a different face of the package photos, the others none', async () => {
    const crops = await sourceFaceCrops();
    expect(crops.length).toBeGreaterThanOrEqual(FACED_SUBMISSIONS);
    const faces = withFaces(series, crops);
    const given = faces.filter((face) => face !== null);
    expect(given).toHaveLength(FACED_SUBMISSIONS);
    expect(new Set(given).size).toBe(FACED_SUBMISSIONS);
    series.forEach((applicant, i) => {
      if (!applicant.submittedAt || !applicant.documentType) expect(faces[i]).toBeNull();
    });
  }, 60_000);

  it('prints the face on the document and takes it as the selfie: the detector finds it on both', async () => {
    const [crop] = await sourceFaceCrops();
    const passport = series.find((applicant) => applicant.documentType === 'PASSPORT' && applicant.submittedAt && !photoTrouble(applicant))!;
    const submission = (await fakeSubmission(passport, notRead, crop))!;
    expect(submission.face).toBe(true);
    const selfie = submission.images.find((image) => image.docType === 'SELFIE')!;
    const front = submission.images.find((image) => image.side === 'front')!;
    expect((await detectFaces(selfie.data, { describe: false })).faces).toHaveLength(1);
    expect((await detectFaces(front.data, { describe: false })).faces.length).toBeGreaterThanOrEqual(1);
    // Without a face: the drawn person, which the detector does not take for one.
    const drawn = (await fakeSubmission(passport, notRead))!;
    expect(drawn.face).toBe(false);
  }, 60_000);
});
