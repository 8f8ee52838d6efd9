import type { ApplicantOrderBy, OrderDirection } from '../applicant-fields.js';
import type { KycStatus } from '../applicant.enums.js';

export interface ApplicantListRow {
  userId: string;
  kycStatus: KycStatus;
  documentType: string | null;
  organizationId: string;
}

export interface ApplicantListRequest {
  organizationId: string;
  page: number;
  pageSize: number;
  orderBy: ApplicantOrderBy;
  direction: OrderDirection;
  search?: string;
}

export interface ApplicantListResult {
  rows: ApplicantListRow[];
  total: number;
}

export interface ApplicantListReaderOptions {
  /** Rows between two checkpoints: the most a deep page skips. */
  checkpointStride: number;
  /** Organizations smaller than this are paged with OFFSET only. */
  checkpointMinRows: number;
  /** Pages within this many rows of either end are read with OFFSET. */
  offsetReach: number;
  /** Between two checkpoint builds of one list that came out stale. */
  rebuildCooldownMs: number;
  maxCheckpointLists: number;
  maxCachedSearchCounts: number;
}

export const DEFAULT_READER_OPTIONS: ApplicantListReaderOptions = {
  checkpointStride: 1000,
  checkpointMinRows: 10_000,
  offsetReach: 2000,
  rebuildCooldownMs: 5000,
  maxCheckpointLists: 64,
  maxCachedSearchCounts: 1000,
};
