import { LRUCache } from 'lru-cache';
import { escapeLike, quoteFts, WORD_WINDOW, type SearchTerm } from './search-term.js';
import { Params, type SqlExecutor } from '../../database/plain-sql.js';
import { COLUMNS, orderClause, TIMESTAMP_COLUMNS, type CountsRow } from './sql.js';
import { TrigramSample } from './trigram-sample.js';
import type { ApplicantListReaderOptions, ApplicantListRequest, ApplicantListRow } from './types.js';

/**
 * Search in an organization's list: case-insensitive userId/docNumber prefix and name
 * substring. With three or more characters the matches come from indexes (prefix
 * B-trees; FTS5 trigram on SQLite, pg_trgm on PostgreSQL, queried with the term's two
 * rarest trigrams) and are rechecked with the original LIKE; for a term matching a large
 * share of the organization the page is read along the sort index instead, filtering as
 * it goes, whichever reads fewer rows. A search's count is cached while the
 * organization's data version is unchanged.
 */
export class ApplicantSearch {
  private readonly counts: LRUCache<string, { version: number; total: number; count: number }>;
  private readonly trigrams: TrigramSample;

  constructor(
    private readonly db: SqlExecutor,
    options: ApplicantListReaderOptions,
  ) {
    this.counts = new LRUCache({ max: options.maxCachedSearchCounts });
    this.trigrams = new TrigramSample(db);
  }

  private get postgres(): boolean {
    return this.db.dialect === 'postgres';
  }

  /** Resolves once the trigram sample is not being refreshed. */
  settled(): Promise<void> | undefined {
    return this.trigrams.settled();
  }

  async count(organizationId: string, search: SearchTerm, counts: CountsRow): Promise<number> {
    const key = `${organizationId}\u0000${search.raw}`;
    const cached = this.counts.get(key);
    if (cached && cached.version === counts.version && cached.total === counts.total) return cached.count;
    const committed = this.db.readsCommittedState();
    const params = new Params(this.db.dialect);
    const where = search.indexable ? this.indexedMatch(organizationId, search, params) : this.scannedMatch(organizationId, search, params);
    const [row] = await this.db.query<{ count: number | string }>(`SELECT COUNT(*) AS "count" FROM "applicants" WHERE ${where}`, params.values);
    const count = Number(row.count);
    if (committed && this.db.readsCommittedState()) this.counts.set(key, { version: counts.version, total: counts.total, count });
    return count;
  }

  /**
   * [start, end) of the matches in ascending order: collect the matches through the
   * search indexes and sort them, or walk the sort index filtering — whichever reads
   * fewer rows (walking finds a match every organizationTotal/matches rows).
   */
  async range(
    request: ApplicantListRequest,
    search: SearchTerm,
    organizationTotal: number,
    matches: number,
    start: number,
    end: number,
  ): Promise<ApplicantListRow[]> {
    const backwards = matches - end < start;
    const direction = backwards ? 'DESC' : 'ASC';
    const skip = backwards ? matches - end : start;
    const walkedRows = ((skip + (end - start)) * organizationTotal) / matches;
    const collect = search.indexable && walkedRows > matches;
    const params = new Params(this.db.dialect);
    let sql: string;
    if (collect) {
      const where = this.indexedMatch(request.organizationId, search, params);
      const sortColumn = TIMESTAMP_COLUMNS.has(request.orderBy) && !COLUMNS.includes(`"${request.orderBy}"`) ? `, "${request.orderBy}"` : '';
      sql =
        `WITH "m" AS MATERIALIZED (SELECT ${COLUMNS}${sortColumn} FROM "applicants" WHERE ${where})` +
        ` SELECT ${COLUMNS} FROM "m" ORDER BY ${orderClause(request.orderBy, direction)}`;
    } else {
      sql =
        `SELECT ${COLUMNS} FROM "applicants" WHERE ${this.scannedMatch(request.organizationId, search, params)}` +
        ` ORDER BY ${orderClause(request.orderBy, direction)}`;
    }
    sql += ` LIMIT ${params.add(end - start)} OFFSET ${params.add(skip)}`;
    const rows = await this.db.query<ApplicantListRow>(sql, params.values);
    return backwards ? rows.reverse() : rows;
  }

  /** The search as written: userId or docNumber starting with it, or name containing it. */
  scannedMatch(organizationId: string, search: SearchTerm, params: Params): string {
    const like = this.postgres ? 'ILIKE' : 'LIKE';
    return (
      `"organizationId" = ${params.add(organizationId)} AND ("userId" ${like} ${params.add(search.prefix)} ESCAPE '\\'` +
      ` OR "docNumber" ${like} ${params.add(search.prefix)} ESCAPE '\\' OR "name" ${like} ${params.add(search.contains)} ESCAPE '\\')`
    );
  }

  /**
   * The same matches through indexes. PostgreSQL: ILIKE is lower() on both sides then
   * LIKE (UTF-8 databases), which the lower() prefix B-trees serve; the name goes
   * through pg_trgm. SQLite: candidates from the NOCASE prefix B-trees and the FTS5
   * trigram table (a superset: it folds case beyond ASCII), rechecked with LIKE.
   */
  private indexedMatch(organizationId: string, search: SearchTerm, params: Params): string {
    if (this.postgres) {
      // The name through two rare trigrams (a short GIN scan), then the whole term
      // in a form no index takes (|| ''), checked on those rows only.
      const rare = this.trigrams.rarest(
        search.trigrams.filter((trigram) => WORD_WINDOW.test(trigram.text)),
        2,
      );
      const name = rare.length
        ? `(${rare.map((trigram) => `"name" ILIKE ${params.add(`%${escapeLike(trigram)}%`)} ESCAPE '\\'`).join(' AND ')}` +
          ` AND ("name" || '') ILIKE ${params.add(search.contains)} ESCAPE '\\')`
        : `"name" ILIKE ${params.add(search.contains)} ESCAPE '\\'`;
      return (
        `"organizationId" = ${params.add(organizationId)} AND (lower("userId") LIKE lower(${params.add(search.prefix)}) ESCAPE '\\'` +
        ` OR lower("docNumber") LIKE lower(${params.add(search.prefix)}) ESCAPE '\\' OR ${name})`
      );
    }
    // FTS5: every trigram of the term must be there; two rare ones find the candidates
    // with far less reading than the whole phrase (LIKE rechecks below).
    const rare = this.trigrams.rarest(search.trigrams, 2);
    const fts = rare.length === 2 ? rare.map(quoteFts).join(' AND ') : search.ftsPhrase;
    const candidates =
      `SELECT "rowid" FROM "applicants" WHERE "organizationId" = ${params.add(organizationId)} AND "userId" LIKE ${params.add(search.prefix)} ESCAPE '\\'` +
      ` UNION ALL SELECT "rowid" FROM "applicants" WHERE "organizationId" = ${params.add(organizationId)} AND "docNumber" LIKE ${params.add(search.prefix)} ESCAPE '\\'` +
      ` UNION ALL SELECT "rowid" FROM "applicants_search" WHERE "applicants_search" MATCH ${params.add(fts)}`;
    return `"rowid" IN (${candidates}) AND ${this.scannedMatch(organizationId, search, params)}`;
  }
}
