import type { DataSource } from 'typeorm';

/** Whether row locks (SELECT … FOR UPDATE) exist: PostgreSQL only; SQLite serializes writers instead. */
export function supportsRowLocks(dataSource: DataSource): boolean {
  return dataSource.options.type === 'postgres';
}
