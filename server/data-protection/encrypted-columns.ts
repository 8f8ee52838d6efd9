import type { DataSource } from 'typeorm';
import { isEnvelope } from './envelope.js';

/** Every column sealed by the `encrypted` transformer: applicant image bytes, face embeddings and crops, stored idempotent answers (they hold session links). */
export const ENCRYPTED_COLUMNS: ReadonlyArray<{ table: string; key: string; columns: readonly string[] }> = [
  { table: 'applicant_images', key: 'id', columns: ['data'] },
  { table: 'superseded_images', key: 'id', columns: ['data'] },
  { table: 'applicant_faces', key: 'id', columns: ['embedding', 'crop'] },
  { table: 'face_blocklist', key: 'id', columns: ['embedding', 'crop'] },
  { table: 'face_crops', key: 'id', columns: ['data'] },
  { table: 'idempotency_keys', key: 'id', columns: ['response'] },
];

const BATCH = 200;

export interface BatchProgress {
  table: string;
  scanned: number;
  changed: number;
}

/**
 * Walks every encrypted column in batches of rows (keyset paging on the primary key),
 * reading the stored bytes as they are (no transformer), and writes back the values
 * `change` returns (undefined: leave the row). Used to encrypt rows stored before
 * encryption existed and by the key rotation.
 */
export async function rewriteEncryptedColumns(
  dataSource: DataSource,
  change: (stored: Buffer) => Buffer | undefined,
  onProgress?: (progress: BatchProgress) => void | Promise<void>,
): Promise<number> {
  const postgres = dataSource.options.type === 'postgres';
  const p = (n: number) => (postgres ? `$${n}` : '?');
  let total = 0;
  for (const { table, key, columns } of ENCRYPTED_COLUMNS) {
    const progress: BatchProgress = { table, scanned: 0, changed: 0 };
    let after: string | number | undefined;
    for (;;) {
      const list = columns.map((column) => `"${column}"`).join(', ');
      const rows: Record<string, unknown>[] = await dataSource.query(
        `SELECT "${key}" AS "key", ${list} FROM "${table}"${after === undefined ? '' : ` WHERE "${key}" > ${p(1)}`} ORDER BY "${key}" LIMIT ${BATCH}`,
        after === undefined ? [] : [after],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const updates = columns.flatMap((column) => {
          const stored = row[column];
          if (!Buffer.isBuffer(stored)) return [];
          const next = change(stored);
          return next ? [{ column, next }] : [];
        });
        if (updates.length > 0) {
          const sets = updates.map((update, i) => `"${update.column}" = ${p(i + 1)}`).join(', ');
          await dataSource.query(`UPDATE "${table}" SET ${sets} WHERE "${key}" = ${p(updates.length + 1)}`, [...updates.map((u) => u.next), row.key]);
          progress.changed++;
          total++;
        }
      }
      progress.scanned += rows.length;
      await onProgress?.({ ...progress });
      after = rows[rows.length - 1].key as string | number;
      if (rows.length < BATCH) break;
    }
  }
  return total;
}

/** True when the value still needs sealing (stored before encryption existed). */
export function isPlaintext(stored: Buffer): boolean {
  return !isEnvelope(stored);
}
