import type { ApplicantOrderBy, OrderDirection } from '../applicant-fields.js';
import type { KycStatus, ReviewAnswer } from '../applicant.enums.js';

/** One row as the list's SQL reads it (timestamps: Date on PostgreSQL, text on SQLite). */
export interface ApplicantListRow {
  userId: string;
  kycStatus: KycStatus;
  documentType: string | null;
  organizationId: string;
  name: string | null;
  country: string | null;
  reviewAnswer: ReviewAnswer | null;
  submittedAt: Date | string | null;
  updatedAt: Date | string;
  flaggedChecks: string | null;
  assigneeId: string | null;
  tagIds: string | null;
}

export const REVIEW_ANSWER_FILTERS = ['approved', 'rejected', 'none'] as const;
export type ReviewAnswerFilter = (typeof REVIEW_ANSWER_FILTERS)[number];
export const NOTE_FILTERS = ['any', 'mine'] as const;
export type NoteFilter = (typeof NOTE_FILTERS)[number];
export const SLA_FILTERS = ['breached'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];

/** The work-queue filters, combined with AND (list/filters.ts). */
export interface ApplicantListFilters {
  statuses?: KycStatus[];
  reviewAnswer?: ReviewAnswerFilter;
  /** 'any': at least one flagged check; otherwise the name of one check. */
  flagged?: string;
  /** A user id, or null for the unassigned. */
  assigneeId?: string | null;
  submittedFrom?: Date;
  submittedTo?: Date;
  /** Submitted before this time (an SLA's breaches); implies submitted. */
  submittedBefore?: Date;
  /** Submitted and awaiting a reviewer's decision (AWAITING_DECISION_STATUSES): the queue proper. */
  awaitingDecision?: boolean;
  /** Unassigned, or held by a lock that ended by this time: what next-unassigned may take. */
  claimableAt?: Date;
  documentType?: string;
  tagId?: string;
  /** Applicants with an internal note: by anyone ('any') or by this author (a user id). */
  noted?: 'any' | { authorId: string };
}

export interface ApplicantListRequest {
  organizationId: string;
  page: number;
  pageSize: number;
  orderBy: ApplicantOrderBy;
  direction: OrderDirection;
  search?: string;
  filters?: ApplicantListFilters;
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
  maxCachedFilterCounts: number;
}

export const DEFAULT_READER_OPTIONS: ApplicantListReaderOptions = {
  checkpointStride: 1000,
  checkpointMinRows: 10_000,
  offsetReach: 2000,
  rebuildCooldownMs: 5000,
  maxCheckpointLists: 64,
  maxCachedSearchCounts: 1000,
  maxCachedFilterCounts: 1000,
};
