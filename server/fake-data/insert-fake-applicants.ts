import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import { documentAnalysisChecks } from '../applicants/analysis/document-checks.js';
import { ApplicantCheck } from '../applicants/applicant-check.entity.js';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { DOCUMENT_ANALYSIS, FACE_ANALYSIS } from '../applicants/analysis/analysis-kinds.js';
import { runPrechecks } from '../applicants/lifecycle/prechecks.js';
import { encodeFlaggedChecks, FLAGGING_VERDICTS } from '../applicants/list/flagged-checks.js';
import type { FakeApplicant } from './fake-applicant.js';
import type { FakeSubmission } from './fake-submission.js';

/** Rows per INSERT: 27 columns × 500 stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 500;
const IMAGES_PER_INSERT = 30;
/** How long after submission the stored analysis finished. */
export const FAKE_ANALYSIS_MS = 20_000;

export interface InsertFakeApplicantsOptions {
  /** Each applicant's drawn submission, in the same order (null where none): stored with it (FakeSubmissionPool draws them). */
  submissions?: readonly (FakeSubmission | null)[];
}

/**
 * Inserts applicants (and their submissions, when given) with multi-row INSERTs, inside
 * the caller's manager (run it in a transaction). Returns the new applicant ids.
 */
export async function insertFakeApplicants(
  manager: EntityManager,
  organizationId: string,
  applicants: readonly FakeApplicant[],
  options: InsertFakeApplicantsOptions = {},
): Promise<string[]> {
  const { submissions } = options;
  const rows = applicants.map((applicant, i) => ({
    ...applicant,
    id: timeOrderedUuid(),
    organizationId,
    documentData: submissions?.[i] ? submissions[i].read : applicant.documentData,
  }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await insertRows(manager, Applicant, rows.slice(i, i + ROWS_PER_INSERT));
  }
  if (submissions) await insertFakeSubmissions(manager, rows, submissions, { dataInserted: true });
  return rows.map((row) => row.id);
}

/**
 * Stores what each inserted applicant submitted as a real submission and its analysis
 * leave it: the photos with their measures, the checks run at submission, the document
 * analysis (done) with its checks, and the data read on the applicant (unless the rows
 * went in with it: `dataInserted`). The checks come from the code that makes real ones,
 * comparing the typed data with what was read.
 */
export async function insertFakeSubmissions(
  manager: EntityManager,
  applicants: readonly (FakeApplicant & { id: string })[],
  submissions: readonly (FakeSubmission | null)[],
  options: { dataInserted?: boolean } = {},
): Promise<void> {
  const images: Record<string, unknown>[] = [];
  const checks: Record<string, unknown>[] = [];
  const jobs: Record<string, unknown>[] = [];
  for (const [i, applicant] of applicants.entries()) {
    const submission = submissions[i];
    const submittedAt = applicant.submittedAt;
    if (!submission || !submittedAt) continue;
    const analysedAt = new Date(submittedAt.getTime() + FAKE_ANALYSIS_MS);
    const applicantId = applicant.id;
    for (const image of submission.images) images.push({ ...image, id: randomUUID(), applicantId, sessionId: null, createdAt: submittedAt });
    const prechecks = runPrechecks({
      expiryDate: applicant.expiryDate,
      dateOfBirth: applicant.dateOfBirth,
      approvedElsewhere: [],
      unreadableImages: [],
      today: submittedAt,
    });
    const fromDocument = documentAnalysisChecks(applicant, { read: submission.read, reason: submission.reason, unavailable: false }, analysedAt);
    // The document's own dates replace the typed ones' checks, as the analysis does.
    const replaced = new Set<string>(fromDocument.map((check) => check.name));
    for (const check of prechecks) {
      if (!replaced.has(check.name)) checks.push({ ...check, id: randomUUID(), applicantId, score: null, evidence: null, createdAt: submittedAt });
    }
    for (const check of fromDocument) checks.push({ ...check, id: randomUUID(), applicantId, createdAt: analysedAt });
    jobs.push({
      id: randomUUID(),
      applicantId,
      kind: DOCUMENT_ANALYSIS,
      status: 'done',
      attempts: 1,
      runs: 1,
      runAfter: submittedAt,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
      finishedAt: analysedAt,
      createdAt: submittedAt,
      updatedAt: analysedAt,
    });
    // A face the detector finds: the real face analysis runs on it (the runners pick up queued rows).
    if (submission.face) {
      jobs.push({
        id: randomUUID(),
        applicantId,
        kind: FACE_ANALYSIS,
        status: 'queued',
        attempts: 0,
        runs: 0,
        runAfter: analysedAt,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
        finishedAt: null,
        createdAt: submittedAt,
        updatedAt: submittedAt,
      });
    }
    if (!options.dataInserted) await setDocumentData(manager, applicantId, submission.read);
  }
  for (let i = 0; i < images.length; i += IMAGES_PER_INSERT) await insertRows(manager, ApplicantImage, images.slice(i, i + IMAGES_PER_INSERT));
  for (let i = 0; i < checks.length; i += ROWS_PER_INSERT / 2) await insertRows(manager, ApplicantCheck, checks.slice(i, i + ROWS_PER_INSERT / 2));
  await setFlaggedChecks(manager, checks as { applicantId: string; name: string; verdict: string }[]);
  for (let i = 0; i < jobs.length; i += ROWS_PER_INSERT / 2) await insertRows(manager, AnalysisJob, jobs.slice(i, i + ROWS_PER_INSERT / 2));
}

/** applicants.flaggedChecks of the checks inserted, as the lifecycle keeps it (plain SQL: updatedAt stays). */
async function setFlaggedChecks(manager: EntityManager, checks: readonly { applicantId: string; name: string; verdict: string }[]): Promise<void> {
  const flagged = new Map<string, string[]>();
  for (const check of checks) {
    if (!(FLAGGING_VERDICTS as readonly string[]).includes(check.verdict)) continue;
    flagged.set(check.applicantId, [...(flagged.get(check.applicantId) ?? []), check.name]);
  }
  const metadata = manager.connection.getMetadata(Applicant);
  const placeholder = (n: number) => (manager.connection.options.type === 'postgres' ? `$${n}` : '?');
  for (const [applicantId, names] of flagged) {
    await manager.query(`UPDATE "${metadata.tableName}" SET "flaggedChecks" = ${placeholder(1)} WHERE "id" = ${placeholder(2)}`, [
      encodeFlaggedChecks(names),
      applicantId,
    ]);
  }
}

/** The data read, in plain SQL: an entity update would also move the row's updatedAt to now. */
async function setDocumentData(manager: EntityManager, applicantId: string, read: FakeSubmission['read']): Promise<void> {
  const metadata = manager.connection.getMetadata(Applicant);
  const column = metadata.findColumnWithPropertyName('documentData')!;
  const postgres = manager.connection.options.type === 'postgres';
  const value = manager.connection.driver.preparePersistentValue(read, column);
  await manager.query(
    `UPDATE ${manager.connection.driver.escape(metadata.tableName)} SET "${column.databaseName}" = ${postgres ? '$1' : '?'} WHERE "id" = ${postgres ? '$2' : '?'}`,
    [value, applicantId],
  );
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
