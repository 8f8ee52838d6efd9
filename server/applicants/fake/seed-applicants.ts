import type { DataSource } from 'typeorm';
import { Applicant } from '../applicant.entity.js';
import type { KycStatus } from '../applicant.enums.js';
import { fakeApplicants } from './fake-applicant.js';
import { insertFakeApplicants } from './insert-fake-applicants.js';

export interface SeedApplicantsOptions {
  count: number;
  /** The series to draw from; default: the organization id, so repeated runs continue one series. */
  seed?: string;
  images?: boolean;
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
  options.onProgress?.(0, options.count);
  while (result.inserted < options.count) {
    const rows = fakeApplicants(Math.min(batchSize, options.count - result.inserted), {
      seed,
      now,
      start: firstIndex + result.inserted,
    });
    await dataSource.transaction((manager) => insertFakeApplicants(manager, organizationId, rows, { images: options.images }));
    for (const row of rows) {
      result.byStatus[row.kycStatus] = (result.byStatus[row.kycStatus] ?? 0) + 1;
      if (options.images && row.documentType) result.images += 3;
    }
    result.inserted += rows.length;
    options.onProgress?.(result.inserted, options.count);
  }
  return result;
}
