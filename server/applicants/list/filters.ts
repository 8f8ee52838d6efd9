import type { ApplicantOrderBy } from '../applicant-fields.js';
import { LRUCache } from 'lru-cache';
import { AWAITING_DECISION_STATUSES } from '../applicant.enums.js';
import { escapeLike, type SearchTerm } from './search-term.js';
import type { CheckpointIndex } from './checkpoints.js';
import type { ApplicantSearch } from './search.js';
import { Params, type SqlExecutor } from '../../database/plain-sql.js';
import { COLUMNS, orderClause, TIMESTAMP_COLUMNS, type CountsRow } from './sql.js';
import type { ApplicantListFilters, ApplicantListReaderOptions, ApplicantListRequest, ApplicantListRow } from './types.js';

/** True when at least one filter is set. */
export function hasFilters(filters: ApplicantListFilters | undefined): filters is ApplicantListFilters {
  return !!filters && Object.values(filters).some((value) => value !== undefined && !(Array.isArray(value) && value.length === 0));
}

/** A stable text for the filters (the count cache's key). */
export function filterKey(filters: ApplicantListFilters): string {
  const statuses = filters.statuses ? [...filters.statuses].sort().join('|') : '';
  return [
    statuses,
    filters.reviewAnswer ?? '',
    filters.flagged ?? '',
    filters.assigneeId === null ? '<none>' : (filters.assigneeId ?? ''),
    filters.submittedFrom?.toISOString() ?? '',
    filters.submittedTo?.toISOString() ?? '',
    filters.submittedBefore?.toISOString() ?? '',
    filters.awaitingDecision ? '<awaiting>' : '',
    filters.claimableAt?.toISOString() ?? '',
    filters.documentType ?? '',
    filters.tagId ?? '',
    filters.noted === undefined ? '' : filters.noted === 'any' ? '<any>' : filters.noted.authorId,
  ].join('\u0000');
}

/** SQLite stores timestamps as 'YYYY-MM-DD HH:MM:SS.SSS' text (UTC); PostgreSQL takes the Date. */
function timestamp(dialect: SqlExecutor['dialect'], value: Date): unknown {
  return dialect === 'postgres' ? value : value.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The filters as SQL conditions on "applicants" (without the organization), each served
 * by an (organizationId, <column>, userId) index: kycStatus, assigneeId, flaggedChecks,
 * submittedAt, documentType (a lock's end, lockedUntil, only beside assigneeId); the tag through applicant_tags (tagId, applicantId), notes
 * through applicant_notes (applicantId, …) or (authorId, applicantId).
 */
export function filterConditions(dialect: SqlExecutor['dialect'], filters: ApplicantListFilters, params: Params): string[] {
  const conditions: string[] = [];
  if (filters.statuses?.length) {
    conditions.push(
      filters.statuses.length === 1
        ? `"kycStatus" = ${params.add(filters.statuses[0])}`
        : `"kycStatus" IN (${filters.statuses.map((status) => params.add(status)).join(', ')})`,
    );
  }
  if (filters.reviewAnswer === 'none') conditions.push(`"reviewAnswer" IS NULL`);
  else if (filters.reviewAnswer) conditions.push(`"reviewAnswer" = ${params.add(filters.reviewAnswer)}`);
  if (filters.flagged === 'any') conditions.push(`"flaggedChecks" IS NOT NULL`);
  else if (filters.flagged)
    conditions.push(`"flaggedChecks" IS NOT NULL AND "flaggedChecks" LIKE ${params.add(`%,${escapeLike(filters.flagged)},%`)} ESCAPE '\\'`);
  if (filters.assigneeId === null) conditions.push(`"assigneeId" IS NULL`);
  else if (filters.assigneeId) conditions.push(`"assigneeId" = ${params.add(filters.assigneeId)}`);
  if (filters.submittedFrom) conditions.push(`"submittedAt" >= ${params.add(timestamp(dialect, filters.submittedFrom))}`);
  if (filters.submittedTo) conditions.push(`"submittedAt" < ${params.add(timestamp(dialect, filters.submittedTo))}`);
  if (filters.submittedBefore) conditions.push(`"submittedAt" < ${params.add(timestamp(dialect, filters.submittedBefore))}`);
  if (filters.awaitingDecision) {
    conditions.push(`"kycStatus" IN (${AWAITING_DECISION_STATUSES.map((status) => params.add(status)).join(', ')}) AND "submittedAt" IS NOT NULL`);
  }
  if (filters.claimableAt) conditions.push(`("assigneeId" IS NULL OR "lockedUntil" <= ${params.add(timestamp(dialect, filters.claimableAt))})`);
  if (filters.documentType) conditions.push(`"documentType" = ${params.add(filters.documentType)}`);
  if (filters.tagId) conditions.push(`"id" IN (SELECT "applicantId" FROM "applicant_tags" WHERE "tagId" = ${params.add(filters.tagId)})`);
  if (filters.noted === 'any') conditions.push(`"id" IN (SELECT "applicantId" FROM "applicant_notes")`);
  else if (filters.noted) conditions.push(`"id" IN (SELECT "applicantId" FROM "applicant_notes" WHERE "authorId" = ${params.add(filters.noted.authorId)})`);
  return conditions;
}

/**
 * A filtered (and perhaps also searched) list: the count cached per (organization,
 * filters, search) while the organization's data version is unchanged, as search counts
 * are; the page read along the index of the sort column (or the filter's), from
 * whichever end of the matches is nearer.
 */
export class FilteredList {
  private readonly counts: LRUCache<string, { version: number; total: number; count: number }>;

  constructor(
    private readonly db: SqlExecutor,
    private readonly searcher: ApplicantSearch,
    private readonly checkpoints: CheckpointIndex,
    private readonly options: ApplicantListReaderOptions,
    /** Runs the counts and the OFFSET pages beyond the offset reach (see ApplicantListReader). */
    private readonly background: SqlExecutor = db,
  ) {
    this.counts = new LRUCache({ max: options.maxCachedFilterCounts });
  }

  async count(organizationId: string, filters: ApplicantListFilters, search: SearchTerm | undefined, counts: CountsRow): Promise<number> {
    const key = `${organizationId}\u0000${filterKey(filters)}\u0000${search?.raw ?? ''}`;
    const cached = this.counts.get(key);
    if (cached && cached.version === counts.version && cached.total === counts.total) return cached.count;
    const committed = this.db.readsCommittedState();
    const params = new Params(this.db.dialect);
    const where = this.where(organizationId, filters, search, params);
    const [row] = await this.background.query<{ count: number | string }>(`SELECT COUNT(*) AS "count" FROM "applicants" WHERE ${where}`, params.values);
    const count = Number(row.count);
    if (committed && this.db.readsCommittedState()) this.counts.set(key, { version: counts.version, total: counts.total, count });
    return count;
  }

  /**
   * [start, end) of the matches in ascending order. A deep page of a large filtered list
   * (no search) seeks from the checkpoints of that filtered list, built like the whole
   * list's and valid at one data version; other pages use OFFSET from the nearer end.
   */
  async range(
    request: ApplicantListRequest,
    filters: ApplicantListFilters,
    search: SearchTerm | undefined,
    matches: number,
    start: number,
    end: number,
    counts: CountsRow,
  ): Promise<ApplicantListRow[]> {
    const reach = Math.min(start, matches - end);
    if (!search && matches >= this.options.checkpointMinRows && reach > this.options.offsetReach) {
      const scope = { key: filterKey(filters), total: matches, where: (params: Params) => filterConditions(this.db.dialect, filters, params).join(' AND ') };
      const checkpoints = this.checkpoints.usable(request.organizationId, request.orderBy, counts, scope);
      if (checkpoints) return this.checkpoints.seekRange(request.organizationId, request.orderBy, checkpoints, start, end, scope);
    }
    const backwards = matches - end < start;
    const direction = backwards ? 'DESC' : 'ASC';
    const skip = backwards ? matches - end : start;
    const params = new Params(this.db.dialect);
    const sql =
      `SELECT ${COLUMNS} FROM "applicants" WHERE ${this.where(request.organizationId, filters, search, params)}` +
      ` ORDER BY ${orderClause(request.orderBy, direction)} LIMIT ${params.add(end - start)} OFFSET ${params.add(skip)}`;
    const rows = await (skip > this.options.offsetReach ? this.background : this.db).query<ApplicantListRow>(sql, params.values);
    return backwards ? rows.reverse() : rows;
  }

  /**
   * The first rows after `after` in the list's order (ascending or descending), within
   * the filters: what "next applicant" and "next unassigned" read. Without `after`, the
   * list's first rows.
   */
  async following(
    organizationId: string,
    orderBy: ApplicantOrderBy,
    descending: boolean,
    filters: ApplicantListFilters,
    after: { userId: string; value: unknown } | undefined,
    limit: number,
    search?: SearchTerm,
  ): Promise<ApplicantListRow[]> {
    const params = new Params(this.db.dialect);
    let where = this.where(organizationId, filters, search, params);
    if (after) where += ` AND ${this.beyond(orderBy, descending, after, params)}`;
    const sql = `SELECT ${COLUMNS} FROM "applicants" WHERE ${where} ORDER BY ${orderClause(orderBy, descending ? 'DESC' : 'ASC')} LIMIT ${params.add(limit)}`;
    return this.db.query<ApplicantListRow>(sql, params.values);
  }

  /** Rows strictly after the key in the order; NULLs sort first ascending on SQLite, last on PostgreSQL (and mirrored descending). */
  private beyond(orderBy: ApplicantOrderBy, descending: boolean, after: { userId: string; value: unknown }, params: Params): string {
    const op = descending ? '<' : '>';
    if (orderBy === 'userId') return `"userId" ${op} ${params.add(after.userId)}`;
    const cast = this.db.dialect === 'postgres' && TIMESTAMP_COLUMNS.has(orderBy) ? '::timestamptz' : '';
    const nullsFirst = (this.db.dialect === 'sqlite') !== descending;
    if (after.value === null || after.value === undefined) {
      const sameNull = `("${orderBy}" IS NULL AND "userId" ${op} ${params.add(after.userId)})`;
      return nullsFirst ? `(${sameNull} OR "${orderBy}" IS NOT NULL)` : sameNull;
    }
    const value = params.add(after.value);
    const tuple = `("${orderBy}", "userId") ${op} (${value}${cast}, ${params.add(after.userId)})`;
    return nullsFirst ? tuple : `(${tuple} OR "${orderBy}" IS NULL)`;
  }

  private where(organizationId: string, filters: ApplicantListFilters, search: SearchTerm | undefined, params: Params): string {
    const base = search ? this.searcher.scannedMatch(organizationId, search, params) : `"organizationId" = ${params.add(organizationId)}`;
    return [base, ...filterConditions(this.db.dialect, filters, params)].join(' AND ');
  }
}
