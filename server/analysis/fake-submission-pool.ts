import { Piscina } from 'piscina';
import type { FakeApplicant } from '../fake-data/fake-applicant.js';
import type { FakeSubmission } from '../fake-data/fake-submission.js';
import { FACED_SUBMISSIONS, withFaces } from '../fake-data/fake-faces.js';
import { builtWorkerFile } from '../config/worker-file.js';
import { BACKGROUND_NICE, type PoolWorkerData } from './worker-threads.js';

/**
 * Worker threads that draw fake submissions (documents, selfies, their measures), so
 * the drawing never holds the event loop, at the lowest priority (nobody waits for a
 * drawing as for a page). Threads start on first use and end when idle.
 */
export class FakeSubmissionPool {
  private readonly pool: Piscina;

  constructor(threads: number) {
    const workerData: PoolWorkerData = { nice: BACKGROUND_NICE };
    this.pool = new Piscina({
      filename: builtWorkerFile(import.meta.url, 'fake-submission.worker.js'),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 5_000,
      workerData,
    });
  }

  /**
   * Each applicant's submission, in order (null for one that never submitted); the first
   * `faces` submitted ones show a face of the packages' sample photos (fake-faces.ts),
   * each a different person, so that their face analysis finds it.
   */
  async draw(applicants: readonly FakeApplicant[], { faces = FACED_SUBMISSIONS }: { faces?: number } = {}): Promise<(FakeSubmission | null)[]> {
    const crops = faces > 0 ? ((await this.pool.run(null, { name: 'sourceFaces' })) as Uint8Array[]).map((crop) => Buffer.from(crop)) : [];
    const shown = withFaces(applicants, crops, faces);
    const drawn = await Promise.all(
      applicants.map((applicant, i) => (applicant.submittedAt ? (this.pool.run({ applicant, face: shown[i] }) as Promise<FakeSubmission | null>) : null)),
    );
    // Buffers come back from the threads as plain Uint8Arrays.
    return drawn.map(
      (submission) =>
        submission && {
          ...submission,
          images: submission.images.map((image) => ({ ...image, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) })),
        },
    );
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}
