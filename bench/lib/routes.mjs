// The work of each benchmarked route, once, for the raw baseline (bench/baseline.mjs) and
// the framework floor (bench/floor.mjs): the app's own plain-SQL readers and mappers,
// imported from dist/ (CallerReader, MembershipReader, ApplicantListReader,
// ApplicantReader, ApplicantDetailsReader, toListItems), so every statement is the app's, in its order.
// Each route returns the plain object the app answers with, or throws a RouteError.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { apiKeyOf } from '../../dist/server/api-keys/api-key.js';
import { ApplicantCheck } from '../../dist/server/applicants/applicant-check.entity.js';
import { ApplicantReader } from '../../dist/server/applicants/applicant.reader.js';
import { ApplicantDetailsReader } from '../../dist/server/review/details/applicant-details.reader.js';
import { ApplicantImage } from '../../dist/server/applicants/applicant-image.entity.js';
import { Applicant } from '../../dist/server/applicants/applicant.entity.js';
import { FaceBlocklistEntry } from '../../dist/server/faces/face-blocklist-entry.entity.js';
import { CallerReader } from '../../dist/server/auth/caller-reader.js';
import { EntityRows, limitedExecutor } from '../../dist/server/database/plain-sql.js';
import { SqliteReaderPool } from '../../dist/server/database/sqlite-reader-pool.js';
import { entities } from '../../dist/server/entities.js';
import { ApplicantListReader } from '../../dist/server/applicants/list/applicant-list.reader.js';
import { toListItems } from '../../dist/server/applicants/list/list-items.js';
import { toListFilters } from '../../dist/server/applicants/queue-filters.js';
import { isRoleName } from '../../dist/server/common/access/role-name.js';
import { sha256 } from '../../dist/server/common/crypto.js';
import { pageMeta } from '../../dist/server/common/paging/page-meta.dto.js';
import { MembershipReader } from '../../dist/server/organizations/organization-access.service.js';
import { Organization } from '../../dist/server/organizations/organization.entity.js';
import { User } from '../../dist/server/users/user.entity.js';
import { toUserDto } from '../../dist/server/users/user.mapper.js';

/** A refusal: `status` and the body a server sends for it. */
export class RouteError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
    this.body = { statusCode: status, message, error: { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] };
  }
}

const READ_APPLICANTS = { resource: 'applicants', action: 'read' };

// ---------------------------------------------------------------- the app's readers

/**
 * The app's plain-SQL readers on the bench's executor. Their rows are hydrated as the app
 * hydrates them (EntityRows: TypeORM's metadata and its driver's conversions), so a
 * metadata-only TypeORM DataSource of the same type is opened beside the executor: an
 * in-memory SQLite one, or one small pool on the PostgreSQL database.
 */
async function appReaders(db) {
  const metadata = new DataSource(
    db.dialect === 'postgres'
      ? { type: 'postgres', url: process.env.DATABASE_URL, entities, poolSize: 1 }
      : { type: 'better-sqlite3', database: ':memory:', entities },
  );
  await metadata.initialize();
  const applicantReader = new ApplicantReader(db, {
    applicants: new EntityRows(metadata, Applicant),
    images: new EntityRows(metadata, ApplicantImage),
    checks: new EntityRows(metadata, ApplicantCheck),
  });
  return {
    callers: new CallerReader(db, new EntityRows(metadata, User)),
    memberships: new MembershipReader(db, new EntityRows(metadata, Organization)),
    applicants: applicantReader,
    details: new ApplicantDetailsReader(applicantReader, new EntityRows(metadata, FaceBlocklistEntry)),
  };
}

// ---------------------------------------------------------------- list query as the DTO reads it

const trimmedOrAbsent = (value) => (typeof value === 'string' ? value.trim() || undefined : undefined);
const listOrAbsent = (value) => {
  const values = (Array.isArray(value) ? value : [value])
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : []))
    .map((item) => item.trim())
    .filter(Boolean);
  return values.length ? values : undefined;
};

/** ApplicantQueueQueryDto's transforms on a parsed query string (`{ name: string | string[] }`); validation left out. */
function queueQuery(query) {
  return {
    page: Number(query.page ?? 1),
    pageSize: Number(query.pageSize ?? 10),
    search: trimmedOrAbsent(query.search),
    orderBy: trimmedOrAbsent(query.orderBy),
    orderDirection: trimmedOrAbsent(query.orderDirection)?.toLowerCase(),
    status: listOrAbsent(query.status),
    reviewAnswer: trimmedOrAbsent(query.reviewAnswer),
    flagged: trimmedOrAbsent(query.flagged),
    assignee: trimmedOrAbsent(query.assignee),
    submittedFrom: trimmedOrAbsent(query.submittedFrom),
    submittedTo: trimmedOrAbsent(query.submittedTo),
    documentType: trimmedOrAbsent(query.documentType),
    tag: trimmedOrAbsent(query.tag),
    notes: trimmedOrAbsent(query.notes),
  };
}

// ---------------------------------------------------------------- the routes

let lastTimestamp = 0;
/** AuditService's timestamps: never repeating or going backwards in this process. */
function nextTimestamp() {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp);
}

/** The routes on one executor ({ dialect, query(sql, params), readsCommittedState }). */
export async function benchRoutes(db) {
  const postgres = db.dialect === 'postgres';
  // The long reads (searches, filtered counts, checkpoint walks, deep OFFSET pages) run as
  // the app's do: on SQLite on two reader threads (SQLITE_READER_THREADS, default 2), on
  // PostgreSQL two at once (POSTGRES_LONG_READS, default 2).
  const background = postgres ? limitedExecutor(db, 2) : new SqliteReaderPool(join(process.env.DATA_DIR, 'kyc.sqlite'), 2);
  const reader = new ApplicantListReader(db, {}, background);
  const { callers, memberships, applicants, details } = await appReaders(db);
  // BENCH_CACHED_CALLER=1: each API key's caller read once and kept for good — what no
  // real cache could beat (none is correct without invalidation), to measure what one
  // could save at most (run.mjs, "caller cache ceiling").
  const cachedCallers = new Map();
  const callerOf =
    process.env.BENCH_CACHED_CALLER === '1'
      ? async (hash) => {
          if (!cachedCallers.has(hash)) cachedCallers.set(hash, await callers.byApiKeyHash(hash));
          return cachedCallers.get(hash);
        }
      : (hash) => callers.byApiKeyHash(hash);

  /**
   * Who the caller is and what they may do, as the app's middleware (CallerReader: the
   * account and its role's rights in one statement), access guard and tenancy check
   * (MembershipReader) decide it for an API key: `{ user, organization }`, or a RouteError.
   */
  async function authorize(authorization, { permission, organizationId } = {}) {
    const apiKey = apiKeyOf({ headers: { authorization } });
    const caller = apiKey ? await callerOf(sha256(apiKey)) : null;
    if (!caller || caller.user.isDemo) throw new RouteError(401, 'Sign in required');
    const { user, rights } = caller;
    if (!isRoleName(user.role) || (permission && !rights[permission.resource]?.includes(permission.action))) throw new RouteError(403, 'Permission denied');
    if (organizationId === undefined) return { user, organization: null };
    try {
      return { user, organization: (await memberships.read(user, organizationId)).organization };
    } catch {
      throw new RouteError(404, 'Organization not found');
    }
  }

  // The views' audit records, buffered and written together within a second like the
  // app's AuditService.recordView (one multi-row INSERT).
  let pendingViews = [];
  const flushViews = async () => {
    const rows = pendingViews;
    pendingViews = [];
    if (rows.length === 0) return;
    const columns = postgres ? 7 : 8;
    const placeholders = rows
      .map((_, row) => `(${Array.from({ length: columns }, (_, i) => (postgres ? `$${row * columns + i + 1}` : '?')).join(', ')})`)
      .join(', ');
    await db.query(
      `INSERT INTO "audit_events" (${postgres ? '' : '"id", '}"actorId", "actorName", "organizationId", "applicantId", "action", "detail", "createdAt") VALUES ${placeholders}`,
      rows.flatMap(({ user, organization, applicant, createdAt }) => [
        ...(postgres ? [] : [randomUUID()]),
        user.id,
        user.username.slice(0, 64),
        organization.id,
        applicant.id,
        'applicant.viewed',
        null,
        postgres ? createdAt : createdAt.toISOString().replace('T', ' ').replace('Z', ''),
      ]),
    );
  };
  setInterval(() => void flushViews().catch((error) => process.stderr.write(`${error.stack}\n`)), 1000).unref();

  return {
    /** GET /api/projects/:id/applicants (ApplicantsQueryService.listInOrganization). */
    async list(authorization, organizationId, rawQuery) {
      const { user, organization } = await authorize(authorization, { permission: READ_APPLICANTS, organizationId });
      const query = queueQuery(rawQuery);
      const { rows, total } = await reader.list({
        organizationId: organization.id,
        page: query.page,
        pageSize: query.pageSize,
        orderBy: query.orderBy ?? 'userId',
        direction: query.orderDirection ?? 'desc',
        search: query.search,
        filters: toListFilters(user, query),
      });
      return { items: await toListItems(db, rows), meta: pageMeta(query.page, query.pageSize, total, rows.length) };
    },

    /** GET /api/projects/:id/applicants/:userId (ApplicantDetails.details). */
    async details(authorization, organizationId, userId) {
      const { user, organization } = await authorize(authorization, { permission: READ_APPLICANTS, organizationId });
      let applicant;
      try {
        applicant = await applicants.find(organization.id, userId);
      } catch {
        throw new RouteError(404, 'Applicant not found');
      }
      const answer = await details.detailsOf(applicant);
      pendingViews.push({ user, organization, applicant, createdAt: nextTimestamp() });
      return answer;
    },

    /** GET /api/users/me (UsersController.me): the API key's account. */
    async me(authorization) {
      const { user } = await authorize(authorization);
      return toUserDto(user);
    },

    health: () => ({ status: 'ok' }),
  };
}
