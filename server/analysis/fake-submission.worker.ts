import type { FakeApplicant } from '../fake-data/fake-applicant.js';
import { sourceFaceCrops } from '../fake-data/fake-faces.js';
import { fakeSubmission, type FakeSubmission } from '../fake-data/fake-submission.js';
import { readDocument } from './document-reader.js';
import { applyPoolPriority } from './worker-threads.js';

applyPoolPriority();

/** Piscina's entry point: draws one applicant's submission on a worker thread (reading it for real where its photo is spoilt), showing `face` when given. */
export default function draw({ applicant, face }: { applicant: FakeApplicant; face: Uint8Array | null }): Promise<FakeSubmission | null> {
  // The demo's threads are ended at shutdown whatever they are doing: no native recogniser run may be under way then.
  return fakeSubmission(
    applicant,
    (documentType, images, today) => readDocument(documentType, images, today, { recognizer: false }),
    face && Buffer.from(face),
  );
}

/** The faces the packages' sample photos show (fake-faces.ts), cut on a thread: the detector runs to find them. */
export function sourceFaces(): Promise<Buffer[]> {
  return sourceFaceCrops();
}
