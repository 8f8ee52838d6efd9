import { In, type EntityManager } from 'typeorm';
import { User } from '../users/user.entity.js';
import type { ApplicantListItemDto, TagDto } from './dto/applicant-list.dto.js';
import { decodeFlaggedChecks } from './list/flagged-checks.js';
import type { ApplicantListRow } from './list/types.js';
import { Tag } from './tags/tag.entity.js';

/** A stored timestamp as ISO 8601: PostgreSQL gives a Date, SQLite the 'YYYY-MM-DD HH:MM:SS.SSS' text it stores (UTC). */
export function isoTimestamp(value: Date | string | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  return new Date(`${value.replace(' ', 'T')}${/[Zz]|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`).toISOString();
}

export function decodeTagIds(stored: string | null): string[] {
  return stored ? stored.split(',').filter(Boolean) : [];
}

/**
 * Rows of the list as the API returns them: the assignee's name and the tags' names and
 * colours looked up once per page (two small queries by primary key), the flags decoded.
 */
export async function toListItems(manager: EntityManager, rows: readonly ApplicantListRow[]): Promise<ApplicantListItemDto[]> {
  const assigneeIds = [...new Set(rows.map((row) => row.assigneeId).filter((id): id is string => !!id))];
  const tagIds = [...new Set(rows.flatMap((row) => decodeTagIds(row.tagIds)))];
  const users = assigneeIds.length ? await manager.find(User, { select: { id: true, username: true }, where: { id: In(assigneeIds) } }) : [];
  const tags = tagIds.length ? await manager.find(Tag, { select: { id: true, name: true, color: true }, where: { id: In(tagIds) } }) : [];
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
