import type { ApplicantOrderBy } from '../applicant-fields.js';
import { LRUCache } from 'lru-cache';
import { Params, type SqlExecutor } from '../../database/plain-sql.js';
import { COLUMNS, NULLABLE_COLUMNS, orderClause, readCounts, seekCondition, type CountsRow } from './sql.js';
import type { ApplicantListReaderOptions, ApplicantListRow } from './types.js';

/** SQLite checkpoint walk: synchronous work between two yields to the event loop. */
const WALK_SLICE_MS = 4;

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

/**
 * A part of the organization's list (the work-queue filters): its rows are those
 * matching `where`, `total` of them at the data version the checkpoints are read at.
 */
export interface ListScope {
  /** Identifies the scope among the organization's lists (the filters' key). */
  key: string;
  total: number;
  where: (params: Params) => string;
}

export interface Checkpoints {
  version: number;
  /** The organization's applicant count when read (with `version`, what makes them current). */
  organizationTotal: number;
  /** Rows of the list (the scope's, or the organization's). */
  total: number;
  segments: Segment[];
}

interface CheckpointEntry {
  checkpoints?: Checkpoints;
  building?: Promise<void>;
  lastBuildStarted: number;
}

/**
 * Deep pages of an organization's list: the sort key of every stride-th row, built in
 * the background and valid at one data version, so any page is a keyset seek of at
 * most one stride plus the page.
 */
export class CheckpointIndex {
  private readonly lists: LRUCache<string, CheckpointEntry>;

  /** `background` runs the walks (see ApplicantListReader); the data version is read on `db`. */
  constructor(
    private readonly db: SqlExecutor,
    private readonly options: ApplicantListReaderOptions,
    private readonly background: SqlExecutor = db,
  ) {
    this.lists = new LRUCache({ max: options.maxCheckpointLists });
  }

  private get postgres(): boolean {
    return this.db.dialect === 'postgres';
  }

  /** Resolves once no checkpoint build is running. */
  settled(): Promise<unknown> {
    return Promise.all([...this.lists.values()].map((entry) => entry.building));
  }

  /** [start, end) by keyset seeks from the checkpoints (ascending rows). */
  async seekRange(
    organizationId: string,
    orderBy: ApplicantOrderBy,
    checkpoints: Checkpoints,
    start: number,
    end: number,
    scope?: ListScope,
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
      const scoped = scope ? ` AND ${scope.where(params)}` : '';
      const where = seekCondition(this.db.dialect, orderBy, segment.isNull, checkpoint, params);
      const order = segment.isNull ? `"userId" ASC` : orderClause(orderBy, 'ASC');
      const sql =
        `SELECT ${COLUMNS} FROM "applicants" WHERE "organizationId" = ${org}${scoped} AND ${where} ORDER BY ${order}` +
        ` LIMIT ${params.add(to - from)} OFFSET ${params.add(rel - checkpoint.rel)}`;
      rows.push(...(await this.db.query<ApplicantListRow>(sql, params.values)));
    }
    return rows;
  }

  /** The list's checkpoints if they describe the current data; otherwise starts building them. */
  usable(organizationId: string, orderBy: ApplicantOrderBy, counts: CountsRow, scope?: ListScope): Checkpoints | undefined {
    const key = `${organizationId}|${orderBy}|${scope?.key ?? ''}`;
    let entry = this.lists.get(key);
    if (!entry) {
      entry = { lastBuildStarted: 0 };
      this.lists.set(key, entry);
    }
    const current = entry.checkpoints;
    if (current && current.version === counts.version && current.organizationTotal === counts.total) return current;
    const now = Date.now();
    if (!entry.building && now - entry.lastBuildStarted >= this.options.rebuildCooldownMs) {
      const target = entry;
      target.lastBuildStarted = now;
      target.building = this.buildCheckpoints(organizationId, orderBy, counts, scope)
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

  /**
   * The sort key of every stride-th row of each segment (NULLs and values). Kept only
   * if the organization's version did not move while reading, so it is exact.
   */
  private async buildCheckpoints(organizationId: string, orderBy: ApplicantOrderBy, before: CountsRow, scope?: ListScope): Promise<Checkpoints | undefined> {
    if (!this.db.readsCommittedState()) return undefined;
    const nullable = NULLABLE_COLUMNS.has(orderBy);
    const total = scope ? scope.total : before.total;
    let nullCount = 0;
    if (nullable) {
      const params = new Params(this.db.dialect);
      const org = params.add(organizationId);
      const scoped = scope ? ` AND ${scope.where(params)}` : '';
      const [row] = await this.background.query<{ count: number | string }>(
        `SELECT COUNT(*) AS "count" FROM "applicants" WHERE "organizationId" = ${org}${scoped} AND "${orderBy}" IS NULL`,
        params.values,
      );
      nullCount = Number(row.count);
    }
    const values: Segment = { start: 0, size: total - nullCount, isNull: false, checkpoints: [] };
    const nulls: Segment = { start: 0, size: nullCount, isNull: true, checkpoints: [] };
    values.checkpoints = await this.walk(organizationId, orderBy, false, scope);
    if (nullCount > 0) nulls.checkpoints = await this.walk(organizationId, orderBy, true, scope);
    // SQLite puts NULLs first in ascending order, PostgreSQL last.
    const segments = (this.postgres ? [values, nulls] : [nulls, values]).filter((segment) => segment.size > 0);
    let position = 0;
    for (const segment of segments) {
      segment.start = position;
      position += segment.size;
    }
    const after = await readCounts(this.db, organizationId);
    const consistent =
      this.db.readsCommittedState() &&
      after.version === before.version &&
      after.total === before.total &&
      segments.every((segment) => segment.checkpoints.length === Math.ceil(segment.size / this.options.checkpointStride));
    return consistent ? { version: before.version, organizationTotal: before.total, total, segments } : undefined;
  }

  private async walk(organizationId: string, orderBy: ApplicantOrderBy, isNull: boolean, scope?: ListScope): Promise<Checkpoint[]> {
    const stride = this.options.checkpointStride;
    const valueColumn = isNull || orderBy === 'userId' ? 'NULL' : this.postgres ? `"${orderBy}"::text` : `"${orderBy}"`;
    const filter = isNull ? `"${orderBy}" IS NULL` : `"${orderBy}" IS NOT NULL`;
    const order = isNull ? `"userId" ASC` : orderClause(orderBy, 'ASC');
    if (this.postgres) {
      // One pass along the index; the database does the counting.
      const params = new Params(this.db.dialect);
      const org = params.add(organizationId);
      const scoped = scope ? ` AND ${scope.where(params)}` : '';
      const rows = await this.background.query<{ value: unknown; userId: string; rel: number | string }>(
        `SELECT "value", "userId", "rel" FROM (SELECT ${valueColumn} AS "value", "userId", ROW_NUMBER() OVER (ORDER BY ${order}) - 1 AS "rel"` +
          ` FROM "applicants" WHERE "organizationId" = ${org}${scoped} AND ${filter}) "t" WHERE "rel" % ${params.add(stride)} = 0 ORDER BY "rel"`,
        params.values,
      );
      return rows.map((row) => ({ rel: Number(row.rel), value: row.value, userId: row.userId }));
    }
    // SQLite: hop from checkpoint to checkpoint with short statements. On the reader
    // threads that is one short read after another; on the HTTP thread (no reader
    // threads), SQLite answers synchronously, so requests run every few milliseconds.
    const checkpoints: Checkpoint[] = [];
    const firstParams = new Params(this.db.dialect);
    const firstOrg = firstParams.add(organizationId);
    const firstScoped = scope ? ` AND ${scope.where(firstParams)}` : '';
    let [row] = await this.background.query<{ value: unknown; userId: string }>(
      `SELECT ${valueColumn} AS "value", "userId" FROM "applicants" WHERE "organizationId" = ${firstOrg}${firstScoped} AND ${filter} ORDER BY ${order} LIMIT 1`,
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
      const scoped = scope ? ` AND ${scope.where(params)}` : '';
      const seek = seekCondition(this.db.dialect, orderBy, isNull, row, params);
      [row] = await this.background.query<{ value: unknown; userId: string }>(
        `SELECT ${valueColumn} AS "value", "userId" FROM "applicants" WHERE "organizationId" = ${org}${scoped} AND ${seek} ORDER BY ${order} LIMIT 1 OFFSET ${params.add(stride)}`,
        params.values,
      );
    }
    return checkpoints;
  }
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
