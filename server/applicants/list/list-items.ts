import type { ApplicantListItemDto, TagDto } from '../dto/applicant-list.dto.js';
import type { TagColor } from '../tags/tag-colors.js';
import { decodeFlaggedChecks } from './flagged-checks.js';
import { Params, type SqlExecutor } from '../../database/plain-sql.js';
import type { ApplicantListRow } from './types.js';

/** A stored timestamp as ISO 8601: PostgreSQL gives a Date, SQLite the 'YYYY-MM-DD HH:MM:SS.SSS' text it stores (UTC). */
export function isoTimestamp(value: Date | string | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  // TypeORM's own format, millisecond precision: the hot path of every list page.
  if (value.length === 23 && value[10] === ' ' && value[19] === '.') return `${value.slice(0, 10)}T${value.slice(11)}Z`;
  return new Date(`${value.replace(' ', 'T')}${/[Zz]|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`).toISOString();
}

export function decodeTagIds(stored: string | null): string[] {
  return stored ? stored.split(',').filter(Boolean) : [];
}

async function byIds<T>(db: SqlExecutor, sql: (ids: string) => string, ids: readonly string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  const params = new Params(db.dialect);
  return db.query<T>(sql(ids.map((id) => params.add(id)).join(', ')), params.values);
}

/**
 * Rows of the list as the API returns them: the assignee's name and the tags' names and
 * colours looked up once per page (two small queries by primary key), the flags decoded.
 * Plain SQL on the list's executor, so bench/baseline.mjs answers the same.
 */
export async function toListItems(db: SqlExecutor, rows: readonly ApplicantListRow[]): Promise<ApplicantListItemDto[]> {
  const assigneeIds = [...new Set(rows.map((row) => row.assigneeId).filter((id): id is string => !!id))];
  const tagIds = [...new Set(rows.flatMap((row) => decodeTagIds(row.tagIds)))];
  const [users, tags] = await Promise.all([
    byIds<{ id: string; username: string }>(db, (ids) => `SELECT "id", "username" FROM "users" WHERE "id" IN (${ids})`, assigneeIds),
    byIds<{ id: string; name: string; color: TagColor }>(
      db,
      (ids) => `SELECT "id", "name", "color" FROM "applicant_tag_definitions" WHERE "id" IN (${ids})`,
      tagIds,
    ),
  ]);
  const names = new Map(users.map((user) => [user.id, user.username]));
  const tagsById = new Map<string, TagDto>(tags.map((tag) => [tag.id, { id: tag.id, name: tag.name, color: tag.color }]));
  return rows.map((row) => {
    const assigneeName = row.assigneeId ? names.get(row.assigneeId) : undefined;
    return {
      userId: row.userId,
      kycStatus: row.kycStatus,
      documentType: row.documentType,
      organizationId: row.organizationId,
      name: row.name,
      country: row.country,
      reviewAnswer: row.reviewAnswer,
      submittedAt: isoTimestamp(row.submittedAt),
      updatedAt: isoTimestamp(row.updatedAt)!,
      flaggedChecks: decodeFlaggedChecks(row.flaggedChecks),
      assignee: row.assigneeId && assigneeName !== undefined ? { id: row.assigneeId, name: assigneeName } : null,
      tags: decodeTagIds(row.tagIds)
        .map((id) => tagsById.get(id))
        .filter((tag): tag is TagDto => !!tag)
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
}
