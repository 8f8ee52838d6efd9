import type { DataSource, EntityManager } from 'typeorm';

const queues = new WeakMap<DataSource, Promise<unknown>>();

/**
 * `dataSource.transaction(work)`, made safe on SQLite. TypeORM's better-sqlite3
 * driver has ONE connection: a second transaction started while another is still
 * awaiting fails with "cannot start a transaction within a transaction" and leaves
 * the first one's rollback broken. On SQLite the transactions of this process are
 * therefore queued (SQLite allows one writer at a time anyway); PostgreSQL runs
 * them concurrently on its pool.
 */
export function runInTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (dataSource.options.type === 'postgres') return dataSource.transaction(work);
  const previous = queues.get(dataSource) ?? Promise.resolve();
  const result = previous.then(() => dataSource.transaction(work));
  queues.set(
    dataSource,
    result.then(
      () => undefined,
      () => undefined,
    ),
  );
  return result;
}

/** Whether row locks (SELECT … FOR UPDATE) exist: PostgreSQL only; SQLite serializes writers instead. */
export function supportsRowLocks(dataSource: DataSource): boolean {
  return dataSource.options.type === 'postgres';
}
