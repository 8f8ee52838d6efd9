import type { FakeApplicant } from '../fake-data/fake-applicant.js';
import { fakeSubmission, type FakeSubmission } from '../fake-data/fake-submission.js';
import { readDocument } from './document-reader.js';
import { applyPoolPriority } from './worker-threads.js';

applyPoolPriority();

/** Piscina's entry point: draws one applicant's submission on a worker thread (reading it for real where its photo is spoilt). */
export default function draw(applicant: FakeApplicant): Promise<FakeSubmission | null> {
  return fakeSubmission(applicant, readDocument);
}
