import type { FakeApplicant } from '../fake-data/fake-applicant.js';
import { fakeSubmission, type FakeSubmission } from '../fake-data/fake-submission.js';
import { readDocument } from './document-reader.js';
import { applyPoolPriority } from './worker-threads.js';

applyPoolPriority();

/** Piscina's entry point: draws one applicant's submission on a worker thread (reading it for real where its photo is spoilt). */
export default function draw(applicant: FakeApplicant): Promise<FakeSubmission | null> {
  // The demo's threads are ended at shutdown whatever they are doing: no native recogniser run may be under way then.
  return fakeSubmission(applicant, (documentType, images, today) => readDocument(documentType, images, today, { recognizer: false }));
}
