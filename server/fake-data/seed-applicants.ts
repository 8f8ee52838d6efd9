import type { DataSource } from 'typeorm';
import { Applicant } from '../applicants/applicant.entity.js';
import type { KycStatus } from '../applicants/applicant.enums.js';
import { fakeApplicants, type FakeApplicant } from './fake-applicant.js';
import { asTyped, type FakeSubmission } from './fake-submission.js';
import { insertFakeApplicants } from './insert-fake-applicants.js';

export interface SeedApplicantsOptions {
  count: number;
  /** The series to draw from; default: the organization id, so repeated runs continue one series. */
  seed?: string;
  /**
   * Draws each applicant's submission (in order; null for one that never submitted), e.g.
   * FakeSubmissionPool.draw: then the photos, selfie and analysis results are stored too.
   */
  draw?: (applicants: readonly FakeApplicant[]) => Promise<(FakeSubmission | null)[]>;
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
export async function seedApplicants(dataSource: DataSource, organizationId: string, options: SeedApplicantsOptions): Promise<SeedApplicantsResult> {
  const seed = options.seed ?? organizationId;
  const { draw } = options;
  const batchSize = options.batchSize ?? (draw ? 50 : 2000);
  const now = options.now ?? new Date();
  const firstIndex = await dataSource.getRepository(Applicant).countBy({ organizationId });
  const result: SeedApplicantsResult = { inserted: 0, images: 0, byStatus: {}, firstIndex };
  options.onProgress?.(0, options.count);
  while (result.inserted < options.count) {
    const generated = fakeApplicants(Math.min(batchSize, options.count - result.inserted), {
      seed,
      now,
      start: firstIndex + result.inserted,
    });
    // The documents show the generated identity; the rows hold it as typed (a few with a slip).
    const submissions = draw ? await draw(generated) : undefined;
    const rows = draw ? generated.map((applicant) => asTyped(applicant).applicant) : generated;
    await dataSource.transaction((manager) => insertFakeApplicants(manager, organizationId, rows, { submissions }));
    for (const [i, row] of rows.entries()) {
      result.byStatus[row.kycStatus] = (result.byStatus[row.kycStatus] ?? 0) + 1;
      result.images += submissions?.[i]?.images.length ?? 0;
    }
    result.inserted += rows.length;
    options.onProgress?.(result.inserted, options.count);
  }
  return result;
}
