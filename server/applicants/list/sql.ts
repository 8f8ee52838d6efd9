import type { ApplicantOrderBy } from '../applicant-fields.js';
import { Params, type SqlDialect, type SqlExecutor } from '../../database/plain-sql.js';

export const COLUMNS =
  `"userId", "kycStatus", "documentType", "organizationId", "name", "country", "reviewAnswer", "submittedAt", "updatedAt",` +
  ` "flaggedChecks", "assigneeId", "tagIds"`;
export const TIMESTAMP_COLUMNS = new Set<ApplicantOrderBy>(['createdAt', 'updatedAt', 'submittedAt']);
export const NULLABLE_COLUMNS = new Set<ApplicantOrderBy>(['documentType', 'submittedAt']);

/** An organization's exact applicant count and the version of its data (applicant_counts, kept by triggers). */
export interface CountsRow {
  total: number;
  version: number;
}

export async function readCounts(db: SqlExecutor, organizationId: string): Promise<CountsRow> {
  const params = new Params(db.dialect);
  const rows = await db.query<{ total: number | string; version: number | string }>(
    `SELECT "total", "version" FROM "applicant_counts" WHERE "organizationId" = ${params.add(organizationId)}`,
    params.values,
  );
  return rows.length ? { total: Number(rows[0].total), version: Number(rows[0].version) } : { total: 0, version: 0 };
}

/** Rows at or after `key` in the ascending order of a segment (the NULLs of the column, or its values). */
export function seekCondition(
  dialect: SqlDialect,
  orderBy: ApplicantOrderBy,
  isNull: boolean,
  key: { value: unknown; userId: string },
  params: Params,
): string {
  if (isNull) return `"${orderBy}" IS NULL AND "userId" >= ${params.add(key.userId)}`;
  if (orderBy === 'userId') return `"userId" >= ${params.add(key.userId)}`;
  const cast = dialect === 'postgres' && TIMESTAMP_COLUMNS.has(orderBy) ? '::timestamptz' : '';
  return `("${orderBy}", "userId") >= (${params.add(key.value)}${cast}, ${params.add(key.userId)})`;
}

export function orderClause(orderBy: ApplicantOrderBy, direction: 'ASC' | 'DESC', alias?: string): string {
  const column = (name: string) => (alias ? `"${alias}"."${name}"` : `"${name}"`);
  return orderBy === 'userId' ? `${column('userId')} ${direction}` : `${column(orderBy)} ${direction}, ${column('userId')} ${direction}`;
}

export function prefixed(alias: string, columns: string): string {
  return columns
    .split(', ')
    .map((column) => `"${alias}".${column}`)
    .join(', ');
}
