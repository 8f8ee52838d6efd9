import type { FakeApplicant } from './fake-applicant.js';
import { fakeSubmission, type FakeSubmission } from './fake-submission.js';

/** Piscina's entry point: draws one applicant's submission on a worker thread. */
export default function draw(applicant: FakeApplicant): Promise<FakeSubmission | null> {
  return fakeSubmission(applicant);
}
