import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { FakeApplicant } from '../applicants/fake/fake-applicant.js';
import type { FakeSubmission } from '../applicants/fake/fake-submission.js';

/**
 * The compiled worker module: beside this file in dist/, or dist/'s copy when this file
 * runs from source (the server test command builds dist first).
 */
function workerFile(): string {
  const beside = fileURLToPath(new URL('./fake-submission.worker.js', import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL('../../dist/server/analysis/fake-submission.worker.js', import.meta.url));
}

/**
 * Worker threads that draw fake submissions (documents, selfies, their measures), so
 * the drawing never holds the event loop. Threads start on first use and end when idle.
 */
export class FakeSubmissionPool {
  private readonly pool: Piscina;

  constructor(threads: number) {
    this.pool = new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: threads, idleTimeout: 5_000 });
  }

  /** Each applicant's submission, in order (null for one that never submitted). */
  async draw(applicants: readonly FakeApplicant[]): Promise<(FakeSubmission | null)[]> {
    const drawn = await Promise.all(applicants.map((applicant) => (applicant.submittedAt ? (this.pool.run(applicant) as Promise<FakeSubmission | null>) : null)));
    // Buffers come back from the threads as plain Uint8Arrays.
    return drawn.map((submission) => submission && { ...submission, images: submission.images.map((image) => ({ ...image, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) })) });
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}
