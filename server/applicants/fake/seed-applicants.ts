import { availableParallelism } from 'node:os';
import type { DataSource } from 'typeorm';
import { Applicant } from '../applicant.entity.js';
import type { KycStatus } from '../applicant.enums.js';
import { fakeApplicants } from './fake-applicant.js';
import { FakeSubmissionPool } from './fake-submission-pool.js';
import { asTyped } from './fake-submission.js';
import { insertFakeApplicants } from './insert-fake-applicants.js';

export interface SeedApplicantsOptions {
  count: number;
  /** The series to draw from; default: the organization id, so repeated runs continue one series. */
  seed?: string;
  /** Also store each submitted applicant's document photos, selfie and analysis results (drawn on worker threads). */
  images?: boolean;
  /** Threads drawing the images; default: one per CPU. */
  threads?: number;
  /** Applicants per transaction. */
  batchSize?: number;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedApplicantsResult {
  inserted: number;
  images: number;
  byStatus: Partial<Record<KycStatus, number>>;
  firstIndex: number;
}

/**
 * Adds `count` fake applicants to an organization in batches, one transaction per
 * batch. Generation continues the organization's series after the applicants it
 * already has, so userIds stay unique across runs.
 */
export async function seedApplicants(
  dataSource: DataSource,
  organizationId: string,
  options: SeedApplicantsOptions,
): Promise<SeedApplicantsResult> {
  const seed = options.seed ?? organizationId;
  const batchSize = options.batchSize ?? (options.images ? 50 : 2000);
  const now = options.now ?? new Date();
  const firstIndex = await dataSource.getRepository(Applicant).countBy({ organizationId });
  const result: SeedApplicantsResult = { inserted: 0, images: 0, byStatus: {}, firstIndex };
  const pool = options.images ? new FakeSubmissionPool(options.threads ?? availableParallelism()) : null;
  options.onProgress?.(0, options.count);
  try {
    while (result.inserted < options.count) {
      const generated = fakeApplicants(Math.min(batchSize, options.count - result.inserted), {
        seed,
        now,
        start: firstIndex + result.inserted,
      });
      // The documents show the generated identity; the rows hold it as typed (a few with a slip).
      const submissions = pool ? await pool.draw(generated) : undefined;
      const rows = pool ? generated.map((applicant) => asTyped(applicant).applicant) : generated;
      await dataSource.transaction((manager) => insertFakeApplicants(manager, organizationId, rows, { submissions }));
      for (const [i, row] of rows.entries()) {
        result.byStatus[row.kycStatus] = (result.byStatus[row.kycStatus] ?? 0) + 1;
        result.images += submissions?.[i]?.images.length ?? 0;
      }
      result.inserted += rows.length;
      options.onProgress?.(result.inserted, options.count);
    }
  } finally {
    await pool?.destroy();
  }
  return result;
}
