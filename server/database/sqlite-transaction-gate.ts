import { AsyncLocalStorage } from 'node:async_hooks';
import { EntityManager, type DataSource, type QueryRunner } from 'typeorm';

/** Each gated DataSource's check for statements run outside TypeORM (installSqliteTransactionGate). */
const gates = new WeakMap<DataSource, () => Promise<void> | undefined>();

/**
 * For a statement run on the connection outside TypeORM: undefined when it may run now,
 * else a promise that settles when the transaction that owns the connection has ended.
 */
export function sqliteGateWait(dataSource: DataSource): Promise<void> | undefined {
  return gates.get(dataSource)?.();
}

/**
 * TypeORM's better-sqlite3 driver has ONE connection and ONE query runner for the whole
 * process. Left alone, a transaction that awaits lets every other request's statements
 * run inside it: a concurrent write would be rolled back with it, a concurrent read
 * would see uncommitted rows, and a second transaction fails with "cannot start a
 * transaction within a transaction".
 *
 * This gate makes each `dataSource.transaction(…)` own the connection: transactions run
 * one after another (SQLite allows one writer anyway), and statements from outside the
 * transaction wait until it ends. Statements inside it are recognised by an
 * AsyncLocalStorage token that follows the transaction's callback through its awaits.
 * TypeORM's own implicit transactions (a single save()) wait for an owned transaction
 * to end, and owned transactions wait for them.
 */
export function installSqliteTransactionGate(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const runner: QueryRunner = dataSource.driver.createQueryRunner('master');
  const context = new AsyncLocalStorage<symbol>();
  let owner: symbol | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let idle: Promise<void> = Promise.resolve();
  let markIdle: () => void = () => {};

  const insideOwner = () => owner !== null && context.getStore() === owner;
  const waitForOwner = async () => {
    while (owner !== null && !insideOwner()) await idle;
  };

  // Plain-SQL reads on the driver's connection (database/plain-sql.ts) wait here too.
  gates.set(dataSource, () => (owner === null || insideOwner() ? undefined : waitForOwner()));

  const query = runner.query.bind(runner);
  runner.query = (async (...args: Parameters<QueryRunner['query']>) => {
    await waitForOwner();
    return query(...args);
  }) as QueryRunner['query'];

  // Implicit transactions have no token: they wait for an owned transaction to end.
  const startTransaction = runner.startTransaction.bind(runner);
  let implicitDone: Promise<void> = Promise.resolve();
  let markImplicitDone: () => void = () => {};
  runner.startTransaction = async (level) => {
    if (!insideOwner()) {
      await waitForOwner();
      if (!runner.isTransactionActive) implicitDone = new Promise((resolve) => (markImplicitDone = resolve));
    }
    return startTransaction(level);
  };
  for (const method of ['commitTransaction', 'rollbackTransaction'] as const) {
    const original = runner[method].bind(runner);
    runner[method] = async () => {
      await original();
      if (!runner.isTransactionActive && owner === null) markImplicitDone();
    };
  }

  const transaction = EntityManager.prototype.transaction;
  const manager = dataSource.manager;
  manager.transaction = function (this: EntityManager, ...args: unknown[]) {
    if (insideOwner()) return (transaction as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    const run = async () => {
      while (runner.isTransactionActive) await implicitDone;
      const token = Symbol('sqlite-transaction');
      owner = token;
      idle = new Promise((resolve) => (markIdle = resolve));
      try {
        return await context.run(token, () => (transaction as (...a: unknown[]) => Promise<unknown>).apply(this, args));
      } finally {
        owner = null;
        // Between transactions nothing reads the token: turning the storage off stops
        // Node's promise hooks, which otherwise cost every promise of every request.
        context.disable();
        markIdle();
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  } as EntityManager['transaction'];
}
