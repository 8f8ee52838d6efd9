import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ApplicantImage } from '../applicant-image.entity.js';
import { Applicant } from '../applicant.entity.js';
import type { FakeApplicant } from './fake-applicant.js';
import { fakeApplicantImages } from './fake-images.js';

/** Rows per INSERT: 27 columns × 500 stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 500;
const IMAGES_PER_INSERT = 30;

export interface InsertFakeApplicantsOptions {
  /** Also draw and store front, back and selfie images (slow at scale: leave off for benchmarks). */
  images?: boolean;
}

/**
 * Inserts applicants (and optionally their images) with multi-row INSERTs, inside
 * the caller's manager (run it in a transaction). Returns the new applicant ids.
 */
export async function insertFakeApplicants(
  manager: EntityManager,
  organizationId: string,
  applicants: readonly FakeApplicant[],
  options: InsertFakeApplicantsOptions = {},
): Promise<string[]> {
  const rows = applicants.map((applicant) => ({ ...applicant, id: timeOrderedUuid(), organizationId }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await insertRows(manager, Applicant, rows.slice(i, i + ROWS_PER_INSERT));
  }
  if (options.images) {
    let pending: Record<string, unknown>[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      await insertRows(manager, ApplicantImage, pending);
      pending = [];
    };
    for (const row of rows) {
      for (const image of fakeApplicantImages(row)) {
        pending.push({ ...image, id: randomUUID(), applicantId: row.id, createdAt: row.submittedAt ?? row.createdAt });
        if (pending.length >= IMAGES_PER_INSERT) await flush();
      }
    }
    await flush();
  }
  return rows.map((row) => row.id);
}

/**
 * One multi-row INSERT in plain SQL. The query builder spends more time composing a
 * 1,000-row statement than the database spends running it; values still go through
 * the driver's own conversion (dates, booleans) for each column.
 */
async function insertRows<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const columns = metadata.columns.filter((column) => rows[0][column.propertyName] !== undefined);
  const postgres = manager.connection.options.type === 'postgres';
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = columns.map((column) => {
      params.push(driver.preparePersistentValue(row[column.propertyName], column));
      return postgres ? `$${params.length}` : '?';
    });
    return `(${placeholders.join(', ')})`;
  });
  const names = columns.map((column) => `"${column.databaseName}"`).join(', ');
  await manager.query(`INSERT INTO ${driver.escape(metadata.tableName)} (${names}) VALUES ${tuples.join(', ')}`, params);
}

/**
 * A version-7 UUID (RFC 9562): millisecond time first, then random bits. Rows
 * inserted in bulk then append to the primary-key index instead of landing on
 * random pages of it, which matters at a million rows.
 */
export function timeOrderedUuid(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
