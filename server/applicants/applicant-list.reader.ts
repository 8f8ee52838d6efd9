import type { ApplicantOrderBy, OrderDirection } from './applicant-fields.js';
import type { KycStatus } from './applicant.enums.js';
import type { SqlDialect } from './applicant-search-schema.js';

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
 * - Deep pages: a keyset seek from a checkpoint — the sort key of every 1,000th row,
 *   built in the background and valid at one `version` — so any page costs at most
 *   1,000 index steps plus the page.
 * - Search: case-insensitive userId/docNumber prefix and name substring. With three or
 *   more characters the matches come from indexes (prefix B-trees, and FTS5 trigram on
 *   SQLite / pg_trgm on PostgreSQL for the name, queried with the term's two rarest
 *   trigrams) and are rechecked with the original LIKE; for a term matching a large
 *   share of the organization the page is instead read along the sort index, filtering
 *   as it goes, whichever reads fewer rows.
 */

export interface SqlExecutor {
  readonly dialect: SqlDialect;
  query<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * False while the connection is inside an open transaction (SQLite has one connection
   * per process): what is read then may still be rolled back, so it is not cached.
   */
  readsCommittedState(): boolean;
}

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

interface CountsRow {
  total: number;
  version: number;
}

interface Checkpoint {
  /** Position within its segment. */
  rel: number;
  value: unknown;
  userId: string;
}

interface Segment {
  /** First position (ascending order) of the segment in the whole list. */
  start: number;
  size: number;
  isNull: boolean;
  checkpoints: Checkpoint[];
}

interface Checkpoints {
  version: number;
  total: number;
  segments: Segment[];
}

interface CheckpointEntry {
  checkpoints?: Checkpoints;
  building?: Promise<void>;
  lastBuildStarted: number;
}

const COLUMNS = `"userId", "kycStatus", "documentType", "organizationId"`;
/** SQLite checkpoint walk: synchronous work between two yields to the event loop. */
const WALK_SLICE_MS = 4;
const TIMESTAMP_COLUMNS = new Set<ApplicantOrderBy>(['createdAt', 'updatedAt']);
const NULLABLE_COLUMNS = new Set<ApplicantOrderBy>(['documentType']);

/** Positional placeholders for either dialect: one value per placeholder, in order. */
class Params {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: SqlDialect) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }
}

class SearchTerm {
  readonly prefix: string;
  readonly contains: string;
  /** Long enough for the trigram indexes (FTS5 trigram and pg_trgm need three characters). */
  readonly indexable: boolean;

  constructor(readonly raw: string) {
    const escaped = raw.replace(/[\\%_]/g, (character) => `\\${character}`);
    this.prefix = `${escaped}%`;
    this.contains = `%${escaped}%`;
    this.indexable = [...raw].length >= 3;
  }

  /** The FTS5 query for the literal substring: one quoted phrase. */
  get ftsPhrase(): string {
    return quoteFts(this.raw);
  }

  /** Every three-character window of the term and where it starts (original case; the indexes fold it). */
  get trigrams(): Trigram[] {
    const characters = [...this.raw];
    return characters.slice(2).map((_, at) => ({ text: characters.slice(at, at + 3).join(''), at }));
  }
}

interface Trigram {
  text: string;
  at: number;
}

const quoteFts = (text: string) => `"${text.replace(/"/g, '""')}"`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
/** pg_trgm only indexes word characters: a window with anything else is no use to it. */
const WORD_WINDOW = /^[\p{L}\p{N}]{3}$/u;

/**
 * How common each trigram is among applicant names, from a sample of about
 * SAMPLE_ROWS names refreshed every SAMPLE_TTL_MS. Only used to pick which of a search
 * term's trigrams go to the index: a name containing the term contains each of them, so
 * any pick finds every match (the full LIKE/ILIKE rechecks); rare ones read less.
 */
class TrigramSample {
  private counts = new Map<string, number>();
  private takenAt = 0;
  private refreshing?: Promise<void>;

  constructor(private readonly db: SqlExecutor) {}

  /**
   * Up to `count` trigrams of the term, rarest first, none overlapping another (windows
   * of one word overlap and almost always come together, so a second one from the same
   * spot would hardly narrow the candidates); none before the first sample.
   */
  rarest(trigrams: Trigram[], count: number): string[] {
    if (Date.now() - this.takenAt > SAMPLE_TTL_MS && !this.refreshing) {
      this.refreshing = this.refresh()
        .catch(() => undefined)
        .finally(() => (this.refreshing = undefined));
    }
    if (this.takenAt === 0) return [];
    const picked: Trigram[] = [];
    for (const trigram of [...trigrams].sort((a, b) => this.frequency(a.text) - this.frequency(b.text))) {
      if (picked.length === count) break;
      if (picked.every((other) => Math.abs(other.at - trigram.at) >= 3)) picked.push(trigram);
    }
    return [...new Set(picked.map((trigram) => trigram.text))];
  }

  settled(): Promise<void> | undefined {
    return this.refreshing;
  }

  private frequency(trigram: string): number {
    return this.counts.get(trigram.toLowerCase()) ?? 0;
  }

  private async refresh(): Promise<void> {
    const names: string[] = [];
    if (this.db.dialect === 'postgres') {
      const [{ rows }] = await this.db.query<{ rows: number }>(
        `SELECT GREATEST(reltuples, 0)::float8 AS "rows" FROM pg_class WHERE oid = 'applicants'::regclass`,
        [],
      );
      const percent = Math.min(100, (100 * SAMPLE_ROWS * 2) / Math.max(1, rows));
      const sampled = await this.db.query<{ name: string }>(
        `SELECT "name" FROM "applicants" TABLESAMPLE SYSTEM ($1) WHERE "name" IS NOT NULL LIMIT $2`,
        [percent, SAMPLE_ROWS],
      );
      names.push(...sampled.map((row) => row.name));
    } else {
      // Runs of consecutive rows from random places: no full scan.
      const [{ last }] = await this.db.query<{ last: number | null }>(`SELECT MAX("rowid") AS "last" FROM "applicants"`, []);
      const runs = 20;
      for (let i = 0; i < runs && last; i += 1) {
        const from = Math.floor(Math.random() * last);
        const sampled = await this.db.query<{ name: string }>(
          `SELECT "name" FROM "applicants" WHERE "rowid" >= ? AND "name" IS NOT NULL LIMIT ?`,
          [from, Math.ceil(SAMPLE_ROWS / runs)],
        );
        names.push(...sampled.map((row) => row.name));
      }
    }
    const counts = new Map<string, number>();
    for (const name of names) {
      const characters = [...name.toLowerCase()];
      for (let i = 0; i + 3 <= characters.length; i += 1) {
        const trigram = characters.slice(i, i + 3).join('');
        counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
      }
    }
    this.counts = counts;
    this.takenAt = Date.now();
  }
}

const SAMPLE_ROWS = 10_000;
const SAMPLE_TTL_MS = 10 * 60_000;

/** A small insertion-ordered LRU. */
class Lru<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  touch(key: K): V | undefined {
    const value = super.get(key);
    if (value !== undefined) {
      super.delete(key);
      super.set(key, value);
    }
    return value;
  }
  put(key: K, value: V): void {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.max) this.delete(this.keys().next().value as K);
  }
}

export class ApplicantListReader {
  private readonly options: ApplicantListReaderOptions;
  private readonly searchCounts: Lru<string, { version: number; total: number; count: number }>;
  private readonly checkpointLists: Lru<string, CheckpointEntry>;
  private readonly trigramSample: TrigramSample;

  constructor(
    private readonly db: SqlExecutor,
    options: Partial<ApplicantListReaderOptions> = {},
  ) {
    this.options = { ...DEFAULT_READER_OPTIONS, ...options };
    this.searchCounts = new Lru(this.options.maxCachedSearchCounts);
    this.checkpointLists = new Lru(this.options.maxCheckpointLists);
    this.trigramSample = new TrigramSample(db);
  }

  private get postgres(): boolean {
    return this.db.dialect === 'postgres';
  }

  async list(request: ApplicantListRequest): Promise<ApplicantListResult> {
    const counts = await this.counts(request.organizationId);
    const search = request.search ? new SearchTerm(request.search) : undefined;
    const total = search ? await this.countMatches(request.organizationId, search, counts) : counts.total;
    const offset = (request.page - 1) * request.pageSize;
    if (offset >= total) return { rows: [], total };

    // The page as a range of positions in ascending order.
    const end = request.direction === 'asc' ? Math.min(offset + request.pageSize, total) : total - offset;
    const start = request.direction === 'asc' ? offset : Math.max(0, end - request.pageSize);
    const ascending = search
      ? await this.searchRange(request, search, counts.total, total, start, end)
      : await this.range(request, counts, start, end);
    return { rows: request.direction === 'asc' ? ascending : ascending.reverse(), total };
  }

  /** The organization's exact applicant count and its data version. */
  async counts(organizationId: string): Promise<CountsRow> {
    const params = new Params(this.db.dialect);
    const rows = await this.db.query<{ total: number | string; version: number | string }>(
      `SELECT "total", "version" FROM "applicant_counts" WHERE "organizationId" = ${params.add(organizationId)}`,
      params.values,
    );
    return rows.length ? { total: Number(rows[0].total), version: Number(rows[0].version) } : { total: 0, version: 0 };
  }

  // ---------------------------------------------------------------- without search

  private async range(request: ApplicantListRequest, counts: CountsRow, start: number, end: number): Promise<ApplicantListRow[]> {
    const { organizationId, orderBy } = request;
    const reach = Math.min(start, counts.total - end);
    if (counts.total >= this.options.checkpointMinRows && reach > this.options.offsetReach) {
      const checkpoints = this.usableCheckpoints(organizationId, orderBy, counts);
      if (checkpoints) return this.seekRange(organizationId, orderBy, checkpoints, start, end);
    }
    return this.offsetRange(organizationId, orderBy, counts.total, start, end);
  }

  /** [start, end) by LIMIT/OFFSET from the nearer end (ascending rows). */
  private async offsetRange(
    organizationId: string,
    orderBy: ApplicantOrderBy,
    total: number,
    start: number,
    end: number,
  ): Promise<ApplicantListRow[]> {
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
    const rows = await this.db.query<ApplicantListRow>(sql, params.values);
    return backwards ? rows.reverse() : rows;
  }

  /** [start, end) by keyset seeks from the checkpoints (ascending rows). */
  private async seekRange(
    organizationId: string,
    orderBy: ApplicantOrderBy,
    checkpoints: Checkpoints,
    start: number,
    end: number,
  ): Promise<ApplicantListRow[]> {
    const rows: ApplicantListRow[] = [];
    for (const segment of checkpoints.segments) {
      const from = Math.max(start, segment.start);
      const to = Math.min(end, segment.start + segment.size);
      if (from >= to) continue;
      const rel = from - segment.start;
      const checkpoint = lastAtOrBefore(segment.checkpoints, rel);
      const params = new Params(this.db.dialect);
      const org = params.add(organizationId);
      const where = this.seekCondition(orderBy, segment.isNull, checkpoint, params);
      const order = segment.isNull ? `"userId" ASC` : orderClause(orderBy, 'ASC');
      const sql =
        `SELECT ${COLUMNS} FROM "applicants" WHERE "organizationId" = ${org} AND ${where} ORDER BY ${order}` +
        ` LIMIT ${params.add(to - from)} OFFSET ${params.add(rel - checkpoint.rel)}`;
      rows.push(...(await this.db.query<ApplicantListRow>(sql, params.values)));
    }
    return rows;
  }

  /** Rows at or after `key` in the segment's ascending order. */
  private seekCondition(orderBy: ApplicantOrderBy, isNull: boolean, key: Pick<Checkpoint, 'value' | 'userId'>, params: Params): string {
    if (isNull) return `"${orderBy}" IS NULL AND "userId" >= ${params.add(key.userId)}`;
    if (orderBy === 'userId') return `"userId" >= ${params.add(key.userId)}`;
    const cast = this.postgres && TIMESTAMP_COLUMNS.has(orderBy) ? '::timestamptz' : '';
    return `("${orderBy}", "userId") >= (${params.add(key.value)}${cast}, ${params.add(key.userId)})`;
  }

  /** The list's checkpoints if they describe the current data; otherwise starts building them. */
  private usableCheckpoints(organizationId: string, orderBy: ApplicantOrderBy, counts: CountsRow): Checkpoints | undefined {
    const key = `${organizationId}|${orderBy}`;
    let entry = this.checkpointLists.touch(key);
    if (!entry) {
      entry = { lastBuildStarted: 0 };
      this.checkpointLists.put(key, entry);
    }
    const current = entry.checkpoints;
    if (current && current.version === counts.version && current.total === counts.total) return current;
    const now = Date.now();
    if (!entry.building && now - entry.lastBuildStarted >= this.options.rebuildCooldownMs) {
      const target = entry;
      target.lastBuildStarted = now;
      target.building = this.buildCheckpoints(organizationId, orderBy, counts)
        .then((built) => {
          if (built) target.checkpoints = built;
        })
        .catch(() => undefined)
        .finally(() => {
          target.building = undefined;
        });
    }
    return undefined;
  }

  /** Resolves once no background work (checkpoint builds, trigram sample) is running. */
  async settled(): Promise<void> {
    await Promise.all([...this.checkpointLists.values()].map((entry) => entry.building).concat(this.trigramSample.settled()));
  }

  /**
   * The sort key of every stride-th row of each segment (NULLs and values). Kept only
   * if the organization's version did not move while reading, so it is exact.
   */
  private async buildCheckpoints(organizationId: string, orderBy: ApplicantOrderBy, before: CountsRow): Promise<Checkpoints | undefined> {
    if (!this.db.readsCommittedState()) return undefined;
    const nullable = NULLABLE_COLUMNS.has(orderBy);
    let nullCount = 0;
    if (nullable) {
      const params = new Params(this.db.dialect);
      const [row] = await this.db.query<{ count: number | string }>(
        `SELECT COUNT(*) AS "count" FROM "applicants" WHERE "organizationId" = ${params.add(organizationId)} AND "${orderBy}" IS NULL`,
        params.values,
      );
      nullCount = Number(row.count);
    }
    const values: Segment = { start: 0, size: before.total - nullCount, isNull: false, checkpoints: [] };
    const nulls: Segment = { start: 0, size: nullCount, isNull: true, checkpoints: [] };
    values.checkpoints = await this.walk(organizationId, orderBy, false);
    if (nullCount > 0) nulls.checkpoints = await this.walk(organizationId, orderBy, true);
    // SQLite puts NULLs first in ascending order, PostgreSQL last.
    const segments = (this.postgres ? [values, nulls] : [nulls, values]).filter((segment) => segment.size > 0);
    let position = 0;
    for (const segment of segments) {
      segment.start = position;
      position += segment.size;
    }
    const after = await this.counts(organizationId);
    const consistent =
      this.db.readsCommittedState() &&
      after.version === before.version &&
      after.total === before.total &&
      segments.every((segment) => segment.checkpoints.length === Math.ceil(segment.size / this.options.checkpointStride));
    return consistent ? { version: before.version, total: before.total, segments } : undefined;
  }

  private async walk(organizationId: string, orderBy: ApplicantOrderBy, isNull: boolean): Promise<Checkpoint[]> {
    const stride = this.options.checkpointStride;
    const valueColumn = isNull || orderBy === 'userId' ? 'NULL' : this.postgres ? `"${orderBy}"::text` : `"${orderBy}"`;
    const filter = isNull ? `"${orderBy}" IS NULL` : `"${orderBy}" IS NOT NULL`;
    const order = isNull ? `"userId" ASC` : orderClause(orderBy, 'ASC');
    if (this.postgres) {
      // One pass along the index; the database does the counting.
      const params = new Params(this.db.dialect);
      const rows = await this.db.query<{ value: unknown; userId: string; rel: number | string }>(
        `SELECT "value", "userId", "rel" FROM (SELECT ${valueColumn} AS "value", "userId", ROW_NUMBER() OVER (ORDER BY ${order}) - 1 AS "rel"` +
          ` FROM "applicants" WHERE "organizationId" = ${params.add(organizationId)} AND ${filter}) "t" WHERE "rel" % ${params.add(stride)} = 0 ORDER BY "rel"`,
        params.values,
      );
      return rows.map((row) => ({ rel: Number(row.rel), value: row.value, userId: row.userId }));
    }
    // SQLite answers synchronously: hop from checkpoint to checkpoint with short
    // statements, letting requests run every few milliseconds.
    const checkpoints: Checkpoint[] = [];
    const firstParams = new Params(this.db.dialect);
    let [row] = await this.db.query<{ value: unknown; userId: string }>(
      `SELECT ${valueColumn} AS "value", "userId" FROM "applicants" WHERE "organizationId" = ${firstParams.add(organizationId)} AND ${filter} ORDER BY ${order} LIMIT 1`,
      firstParams.values,
    );
    let slice = performance.now();
    while (row) {
      checkpoints.push({ rel: checkpoints.length * stride, value: row.value, userId: row.userId });
      if (performance.now() - slice > WALK_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
      const params = new Params(this.db.dialect);
      const org = params.add(organizationId);
      const seek = this.seekCondition(orderBy, isNull, row, params);
      [row] = await this.db.query<{ value: unknown; userId: string }>(
        `SELECT ${valueColumn} AS "value", "userId" FROM "applicants" WHERE "organizationId" = ${org} AND ${seek} ORDER BY ${order} LIMIT 1 OFFSET ${params.add(stride)}`,
        params.values,
      );
    }
    return checkpoints;
  }

  // ---------------------------------------------------------------- with search

  private async countMatches(organizationId: string, search: SearchTerm, counts: CountsRow): Promise<number> {
    const key = `${organizationId}\u0000${search.raw}`;
    const cached = this.searchCounts.touch(key);
    if (cached && cached.version === counts.version && cached.total === counts.total) return cached.count;
    const committed = this.db.readsCommittedState();
    const params = new Params(this.db.dialect);
    const where = search.indexable ? this.indexedMatch(organizationId, search, params) : this.scannedMatch(organizationId, search, params);
    const [row] = await this.db.query<{ count: number | string }>(`SELECT COUNT(*) AS "count" FROM "applicants" WHERE ${where}`, params.values);
    const count = Number(row.count);
    if (committed && this.db.readsCommittedState()) this.searchCounts.put(key, { version: counts.version, total: counts.total, count });
    return count;
  }

  /**
   * [start, end) of the matches in ascending order: collect the matches through the
   * search indexes and sort them, or walk the sort index filtering — whichever reads
   * fewer rows (walking finds a match every organizationTotal/matches rows).
   */
  private async searchRange(
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
      const sortColumn = TIMESTAMP_COLUMNS.has(request.orderBy) ? `, "${request.orderBy}"` : '';
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
  private scannedMatch(organizationId: string, search: SearchTerm, params: Params): string {
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
      const rare = this.trigramSample.rarest(search.trigrams.filter((trigram) => WORD_WINDOW.test(trigram.text)), 2);
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
    const rare = this.trigramSample.rarest(search.trigrams, 2);
    const fts = rare.length === 2 ? rare.map(quoteFts).join(' AND ') : search.ftsPhrase;
    const candidates =
      `SELECT "rowid" FROM "applicants" WHERE "organizationId" = ${params.add(organizationId)} AND "userId" LIKE ${params.add(search.prefix)} ESCAPE '\\'` +
      ` UNION ALL SELECT "rowid" FROM "applicants" WHERE "organizationId" = ${params.add(organizationId)} AND "docNumber" LIKE ${params.add(search.prefix)} ESCAPE '\\'` +
      ` UNION ALL SELECT "rowid" FROM "applicants_search" WHERE "applicants_search" MATCH ${params.add(fts)}`;
    return `"rowid" IN (${candidates}) AND ${this.scannedMatch(organizationId, search, params)}`;
  }
}

function orderClause(orderBy: ApplicantOrderBy, direction: 'ASC' | 'DESC', alias?: string): string {
  const column = (name: string) => (alias ? `"${alias}"."${name}"` : `"${name}"`);
  return orderBy === 'userId' ? `${column('userId')} ${direction}` : `${column(orderBy)} ${direction}, ${column('userId')} ${direction}`;
}

function prefixed(alias: string, columns: string): string {
  return columns
    .split(', ')
    .map((column) => `"${alias}".${column}`)
    .join(', ');
}

function lastAtOrBefore(checkpoints: Checkpoint[], rel: number): Checkpoint {
  let low = 0;
  let high = checkpoints.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (checkpoints[middle].rel <= rel) low = middle;
    else high = middle - 1;
  }
  return checkpoints[low];
}
