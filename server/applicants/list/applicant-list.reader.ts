import type { ApplicantOrderBy } from '../applicant-fields.js';
import { CheckpointIndex } from './checkpoints.js';
import { FilteredList, hasFilters } from './filters.js';
import { ApplicantSearch } from './search.js';
import { SearchTerm } from './search-term.js';
import { Params, type SqlExecutor } from '../../database/plain-sql.js';
import { COLUMNS, orderClause, prefixed, readCounts, type CountsRow } from './sql.js';
import {
  DEFAULT_READER_OPTIONS,
  type ApplicantListReaderOptions,
  type ApplicantListFilters,
  type ApplicantListRequest,
  type ApplicantListResult,
  type ApplicantListRow,
} from './types.js';

export type { ApplicantListFilters, ApplicantListRequest, ApplicantListResult, ApplicantListRow } from './types.js';

/**
 * The applicants list of ONE organization at any size: page/pageSize in, the same rows
 * and exact total as `ORDER BY <column>, userId LIMIT/OFFSET` with `COUNT(*)` out.
 * Plain SQL over a small executor, free of Nest and TypeORM, so bench/baseline.mjs runs
 * exactly this code and SQL on the raw driver (docs/decisions.md, "Applicants list at scale").
 *
 * - Total: read from applicant_counts (kept by triggers); a search's count is cached per
 *   (organization, search) and valid while the organization's `version` is unchanged.
 * - Pages near either end: LIMIT/OFFSET from whichever end is closer, the result
 *   reversed when read backwards (ASC and DESC are exact mirror images: userId is unique
 *   within an organization, and each database puts NULLs at opposite ends for ASC/DESC).
 *   On PostgreSQL a deferred join skips over the index only.
 * - Deep pages: a keyset seek from a checkpoint (checkpoints.ts).
 * - Search: indexed where it pays, counted once per data version (search.ts).
 * - Filters (work queue): each on its (organizationId, column, userId) index, counted once
 *   per (filters, search, data version), combined with search and any sort (filters.ts).
 */

export class ApplicantListReader {
  private readonly options: ApplicantListReaderOptions;
  private readonly checkpoints: CheckpointIndex;
  private readonly searcher: ApplicantSearch;
  private readonly filtered: FilteredList;

  /**
   * `background` runs the reads that may go through a large share of the applicants:
   * searches, filtered counts, the checkpoint walks, and OFFSET pages beyond the offset
   * reach (a deep page asked before its checkpoints are built). On SQLite a
   * SqliteReaderPool keeps them off the HTTP thread. Everything else reads on `db`.
   */
  constructor(
    private readonly db: SqlExecutor,
    options: Partial<ApplicantListReaderOptions> = {},
    private readonly background: SqlExecutor = db,
  ) {
    this.options = { ...DEFAULT_READER_OPTIONS, ...options };
    this.checkpoints = new CheckpointIndex(db, this.options, background);
    this.searcher = new ApplicantSearch(background, this.options);
    this.filtered = new FilteredList(db, this.searcher, this.checkpoints, this.options, background);
  }

  private get postgres(): boolean {
    return this.db.dialect === 'postgres';
  }

  async list(request: ApplicantListRequest): Promise<ApplicantListResult> {
    const counts = await this.counts(request.organizationId);
    const search = request.search ? new SearchTerm(request.search) : undefined;
    const filters = hasFilters(request.filters) ? request.filters : undefined;
    const total = filters
      ? await this.filtered.count(request.organizationId, filters, search, counts)
      : search
        ? await this.searcher.count(request.organizationId, search, counts)
        : counts.total;
    const offset = (request.page - 1) * request.pageSize;
    if (offset >= total) return { rows: [], total };

    // The page as a range of positions in ascending order.
    const end = request.direction === 'asc' ? Math.min(offset + request.pageSize, total) : total - offset;
    const start = request.direction === 'asc' ? offset : Math.max(0, end - request.pageSize);
    const ascending = filters
      ? await this.filtered.range(request, filters, search, total, start, end, counts)
      : search
        ? await this.searcher.range(request, search, counts.total, total, start, end)
        : await this.range(request, counts, start, end);
    return { rows: request.direction === 'asc' ? ascending : ascending.reverse(), total };
  }

  /**
   * Up to `limit` rows following `after` (a row of the list) in the list's order and
   * filters; the first rows without it. What "next applicant" and "next unassigned" read.
   */
  async following(
    request: Pick<ApplicantListRequest, 'organizationId' | 'orderBy' | 'direction'>,
    filters: ApplicantListFilters,
    afterUserId: string | undefined,
    limit: number,
    search?: string,
  ): Promise<ApplicantListRow[]> {
    let key: { userId: string; value: unknown } | undefined;
    if (afterUserId !== undefined) {
      const params = new Params(this.db.dialect);
      const [row] = await this.db.query<Record<string, unknown>>(
        `SELECT "userId", "${request.orderBy}" AS "value" FROM "applicants" WHERE "organizationId" = ${params.add(request.organizationId)} AND "userId" = ${params.add(afterUserId)}`,
        params.values,
      );
      // An applicant no longer there (reset, removed): continue after its userId alone.
      key = row ? { userId: afterUserId, value: row.value } : { userId: afterUserId, value: request.orderBy === 'userId' ? afterUserId : null };
    }
    const term = search ? new SearchTerm(search) : undefined;
    return this.filtered.following(request.organizationId, request.orderBy, request.direction === 'desc', filters, key, limit, term);
  }

  /** How many applicants the list has with these filters and search (cached like the list's own counts). */
  async total(organizationId: string, filters: ApplicantListFilters, search?: string): Promise<number> {
    const counts = await this.counts(organizationId);
    const term = search ? new SearchTerm(search) : undefined;
    if (hasFilters(filters)) return this.filtered.count(organizationId, filters, term, counts);
    return term ? this.searcher.count(organizationId, term, counts) : counts.total;
  }

  /** The organization's exact applicant count and its data version. */
  counts(organizationId: string): Promise<CountsRow> {
    return readCounts(this.db, organizationId);
  }

  /** Resolves once no background work (checkpoint builds, trigram sample) is running. */
  async settled(): Promise<void> {
    await Promise.all([this.checkpoints.settled(), this.searcher.settled()]);
  }

  private async range(request: ApplicantListRequest, counts: CountsRow, start: number, end: number): Promise<ApplicantListRow[]> {
    const { organizationId, orderBy } = request;
    const reach = Math.min(start, counts.total - end);
    if (counts.total >= this.options.checkpointMinRows && reach > this.options.offsetReach) {
      const checkpoints = this.checkpoints.usable(organizationId, orderBy, counts);
      if (checkpoints) return this.checkpoints.seekRange(organizationId, orderBy, checkpoints, start, end);
    }
    return this.offsetRange(organizationId, orderBy, counts.total, start, end);
  }

  /** [start, end) by LIMIT/OFFSET from the nearer end (ascending rows). */
  private async offsetRange(organizationId: string, orderBy: ApplicantOrderBy, total: number, start: number, end: number): Promise<ApplicantListRow[]> {
    const backwards = total - end < start;
    const direction = backwards ? 'DESC' : 'ASC';
    const skip = backwards ? total - end : start;
    const params = new Params(this.db.dialect);
    const org = params.add(organizationId);
    let sql: string;
    if (this.postgres && skip > 0) {
      // Deferred join: skip along the index (index-only), then read 25 rows.
      const limit = params.add(end - start);
      const offset = params.add(skip);
      sql =
        `SELECT ${prefixed('a', COLUMNS)} FROM "applicants" "a" JOIN (SELECT "userId" FROM "applicants" WHERE "organizationId" = ${org}` +
        ` ORDER BY ${orderClause(orderBy, direction)} LIMIT ${limit} OFFSET ${offset}) "p" ON "a"."userId" = "p"."userId"` +
        ` WHERE "a"."organizationId" = ${org} ORDER BY ${orderClause(orderBy, direction, 'a')}`;
    } else {
      sql =
        `SELECT ${COLUMNS} FROM "applicants" WHERE "organizationId" = ${org} ORDER BY ${orderClause(orderBy, direction)}` +
        ` LIMIT ${params.add(end - start)} OFFSET ${params.add(skip)}`;
    }
    const rows = await (skip > this.options.offsetReach ? this.background : this.db).query<ApplicantListRow>(sql, params.values);
    return backwards ? rows.reverse() : rows;
  }
}
