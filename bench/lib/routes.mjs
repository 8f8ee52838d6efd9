// The work of each benchmarked route, once, for the raw baseline (bench/baseline.mjs) and
// the framework floor (bench/floor.mjs): the same SQL the app runs per request, in the
// same order, with the app's own reader and mappers from dist/ wherever they exist.
// Each route returns the plain object the app answers with, or throws a RouteError.
//
// Queries the app builds with TypeORM are written out here with the columns TypeORM
// selects (read from the entities' metadata) and the rows hydrated as TypeORM hydrates
// them (timestamps to Date, booleans, simple-json), so the answers are the app's.
import { randomUUID } from 'node:crypto';
import { getMetadataArgsStorage } from 'typeorm';
import { API_KEY_PREFIX } from '../../dist/server/api-keys/api-key.js';
import { ApplicantImage } from '../../dist/server/applicants/applicant-image.entity.js';
import { toApplicantDetails } from '../../dist/server/applicants/applicant.mapper.js';
import { Applicant } from '../../dist/server/applicants/applicant.entity.js';
import { FaceBlocklistEntry } from '../../dist/server/applicants/faces/face-blocklist-entry.entity.js';
import { toFaceBlocklistEntryDto } from '../../dist/server/applicants/faces/face-blocklist.dto.js';
import { ApplicantListReader } from '../../dist/server/applicants/list/applicant-list.reader.js';
import { toListItems } from '../../dist/server/applicants/list/list-items.js';
import { toListFilters } from '../../dist/server/applicants/queue-filters.js';
import { isRoleName } from '../../dist/server/common/access/role-name.js';
import { sha256 } from '../../dist/server/common/crypto.js';
import { pageMeta } from '../../dist/server/common/paging/page-meta.dto.js';
import { isUuid } from '../../dist/server/organizations/organization-access.service.js';
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

// ---------------------------------------------------------------- rows as TypeORM hydrates them

const TIMESTAMP_TYPES = new Set(['datetime', 'timestamptz']);

/** A stored timestamp as TypeORM's SQLite driver reads it ('YYYY-MM-DD HH:MM:SS.SSS' is UTC); PostgreSQL gives a Date. */
function toDate(value) {
  if (typeof value !== 'string') return value;
  let text = /^\d\d\d\d-\d\d-\d\d \d\d:\d\d/.test(value) ? value.replace(' ', 'T') : value;
  if (/^\d\d\d\d-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d\d\d)?)?$/.test(text)) text += 'Z';
  return new Date(text);
}

const CONVERSIONS = {
  boolean: (value) => Boolean(value),
  'simple-json': (value) => (typeof value === 'string' ? JSON.parse(value) : value),
};

/**
 * The columns TypeORM selects for an entity (all of them, or `only` these), quoted for
 * a SELECT, and a function turning a raw row into the entity's values. Encrypted
 * columns (a transformer) are left out: no benchmarked answer reads them.
 */
function entityColumns(entity, only) {
  const columns = getMetadataArgsStorage()
    .filterColumns(entity)
    .filter((column) => !column.options.transformer && (!only || only.includes(column.propertyName)))
    .map((column) => {
      const type = column.options.type;
      return { name: column.options.name ?? column.propertyName, convert: TIMESTAMP_TYPES.has(type) ? toDate : CONVERSIONS[type] };
    });
  const converted = columns.filter((column) => column.convert);
  return {
    select: (alias) => columns.map((column) => `${alias ? `"${alias}".` : ''}"${column.name}"`).join(', '),
    hydrate(row) {
      for (const { name, convert } of converted) if (row[name] !== null && row[name] !== undefined) row[name] = convert(row[name]);
      return row;
    },
  };
}

const USER = entityColumns(User);
const ORGANIZATION = entityColumns(Organization);
const APPLICANT = entityColumns(Applicant);
const IMAGE = entityColumns(ApplicantImage, ['id', 'docType', 'side', 'quality']);
const BLOCKLIST_ENTRY = entityColumns(FaceBlocklistEntry, ['id', 'userId', 'reason', 'createdAt']);

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

/** AnalysisJobs.stateOf: the most pressing state among the applicant's jobs. */
const ANALYSIS_STATES = ['running', 'queued', 'failed', 'done'];

let lastTimestamp = 0;
/** AuditService's timestamps: never repeating or going backwards in this process. */
function nextTimestamp() {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp);
}

/** The routes on one executor ({ dialect, query(sql, params), readsCommittedState }). */
export function benchRoutes(db) {
  const postgres = db.dialect === 'postgres';
  const $ = (n) => (postgres ? `$${n}` : '?');
  const reader = new ApplicantListReader(db);

  /** AuthenticationMiddleware: the user of a secret API key (`Authorization: Bearer kyc_sk_…`), not a demo account. */
  async function authenticate(authorization) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!bearer?.startsWith(API_KEY_PREFIX)) return null;
    const [row] = await db.query(`SELECT ${USER.select()} FROM "users" WHERE "apiKeyHash" = ${$(1)} LIMIT 1`, [sha256(bearer)]);
    const user = row && USER.hydrate(row);
    return user && !user.isDemo ? user : null;
  }

  /** AccessGuard's stored permission (PermissionsService.can). */
  async function permits(user, { resource, action }) {
    const [row] = await db.query(`SELECT "id", "actions" FROM "permissions" WHERE "role" = ${$(1)} AND "resource" = ${$(2)} LIMIT 1`, [user.role, resource]);
    return !!row && JSON.parse(row.actions).includes(action);
  }

  /** OrganizationAccessService.requireMember: the owner, a member or a super-admin; anyone else a 404. */
  async function requireMember(user, organizationId) {
    if (!isUuid(organizationId)) throw new RouteError(404, 'Organization not found');
    const params = [organizationId.toLowerCase()];
    let sql = `SELECT ${ORGANIZATION.select('o')} FROM "organizations" "o" WHERE "o"."id" = ${$(1)}`;
    if (user.role !== 'super-admin') {
      sql +=
        ` AND ("o"."id" IN (SELECT "own"."id" FROM "organizations" "own" WHERE "own"."ownerId" = ${$(2)})` +
        ` OR "o"."id" IN (SELECT "mem"."organizationId" FROM "organization_members" "mem" WHERE "mem"."userId" = ${$(3)}))`;
      params.push(user.id, user.id);
    }
    const [row] = await db.query(sql, params);
    if (!row) throw new RouteError(404, 'Organization not found');
    const organization = ORGANIZATION.hydrate(row);
    if (organization.ownerId !== user.id) {
      await db.query(`SELECT 1 FROM "organization_members" WHERE "organizationId" = ${$(1)} AND "userId" = ${$(2)} LIMIT 1`, [organization.id, user.id]);
    }
    return organization;
  }

  /**
   * Who the caller is and what they may do, as the app's middleware, guards and tenancy
   * check decide it for an API key: `{ user, organization }`, or a RouteError.
   */
  async function authorize(authorization, { permission, organizationId } = {}) {
    const user = await authenticate(authorization);
    if (!user) throw new RouteError(401, 'Sign in required');
    if (!isRoleName(user.role) || (permission && !(await permits(user, permission)))) throw new RouteError(403, 'Permission denied');
    return { user, organization: organizationId === undefined ? null : await requireMember(user, organizationId) };
  }

  /** The view's audit record (AuditService.record): one INSERT, no explicit transaction. */
  async function recordView(user, organization, applicant) {
    const createdAt = nextTimestamp();
    const values = [user.id, user.username.slice(0, 64), organization.id, applicant.id, 'applicant.viewed', null];
    if (postgres) {
      await db.query(
        `INSERT INTO "audit_events" ("actorId", "actorName", "organizationId", "applicantId", "action", "detail", "createdAt") VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [...values, createdAt],
      );
    } else {
      await db.query(
        `INSERT INTO "audit_events" ("id", "actorId", "actorName", "organizationId", "applicantId", "action", "detail", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [randomUUID(), ...values, createdAt.toISOString().replace('T', ' ').replace('Z', '')],
      );
    }
  }

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

    /** GET /api/projects/:id/applicants/:userId (ApplicantsQueryService.details, then detailsOf). */
    async details(authorization, organizationId, userId) {
      const { user, organization } = await authorize(authorization, { permission: READ_APPLICANTS, organizationId });
      const [row] = await db.query(`SELECT ${APPLICANT.select()} FROM "applicants" WHERE "organizationId" = ${$(1)} AND "userId" = ${$(2)} LIMIT 1`, [
        organization.id,
        userId,
      ]);
      if (!row) throw new RouteError(404, 'Applicant not found');
      const applicant = APPLICANT.hydrate(row);
      const images = await db.query(
        `SELECT ${IMAGE.select()} FROM "applicant_images" WHERE "applicantId" = ${$(1)} ORDER BY "docType" ASC, "side" DESC, "createdAt" ASC`,
        [applicant.id],
      );
      await recordView(user, organization, applicant);
      const [blocklisted] = await db.query(
        `SELECT ${BLOCKLIST_ENTRY.select()} FROM "face_blocklist" WHERE "applicantId" = ${$(1)} ORDER BY "id" DESC LIMIT 1`,
        [applicant.id],
      );
      const [{ assignee, tags }] = await toListItems(db, [applicant]);
      const jobs = await db.query(`SELECT "status" FROM "analysis_jobs" WHERE "applicantId" = ${$(1)}`, [applicant.id]);
      return toApplicantDetails(
        applicant,
        images.map((image) => IMAGE.hydrate(image)),
        ANALYSIS_STATES.find((state) => jobs.some((job) => job.status === state)) ?? null,
        blocklisted ? toFaceBlocklistEntryDto(BLOCKLIST_ENTRY.hydrate(blocklisted)) : null,
        { assignee, tags },
      );
    },

    /** GET /api/users/me (UsersController.me): the API key's account. */
    async me(authorization) {
      const { user } = await authorize(authorization);
      return toUserDto(user);
    },

    health: () => ({ status: 'ok' }),
  };
}
