import type Database from 'better-sqlite3';
import type { Pool } from 'pg';
import { QueryFailedError, type DataSource, type EntityMetadata, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { LRUCache } from 'lru-cache';
import { sqliteGateWait } from './sqlite-transaction-gate.js';

export type SqlDialect = 'sqlite' | 'postgres';

/**
 * Plain SQL on the app's connection: the hot reads (the caller's account and rights, an
 * organization, the applicants list and details) skip TypeORM's query building and
 * entity hydration. The readers take an executor, not a DataSource, so bench/ runs the
 * same code on the raw driver. TypeORM stays for writes and migrations.
 */
export interface SqlExecutor {
  readonly dialect: SqlDialect;
  query<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * False while the connection is inside an open transaction (SQLite has one connection
   * per process): what is read then may still be rolled back, so it is not cached.
   */
  readsCommittedState(): boolean;
}

/** Numbered placeholders for one statement: `?` on SQLite, `$n` on PostgreSQL. */
export class Params {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: SqlDialect) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }
}

/** Prepared statements kept per connection, by SQL text (TypeORM keeps 100; the reads' shapes are more). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Raw SQL on the app's DataSource's own connections, past TypeORM's query runner (its
 * logger and subscriber broadcasts, a promise at every step): on PostgreSQL its pool; on
 * SQLite its one connection, with prepared statements cached by SQL text, waiting behind a
 * transaction that owns the connection like every other statement (the transaction gate,
 * server/database/sqlite-transaction-gate.ts). A failure is TypeORM's QueryFailedError.
 */
export function typeOrmExecutor(dataSource: DataSource): SqlExecutor {
  if (dataSource.options.type === 'postgres') {
    const pool = () => (dataSource.driver as unknown as { master: Pool }).master;
    return {
      dialect: 'postgres',
      query: async <T>(sql: string, params: readonly unknown[]) => {
        try {
          return (await pool().query(sql, params as unknown[])).rows as T[];
        } catch (error) {
          throw new QueryFailedError(sql, [...params], error as Error);
        }
      },
      readsCommittedState: () => true,
    };
  }
  const connection = () => (dataSource.driver as unknown as { databaseConnection: Database.Database }).databaseConnection;
  const statements = new LRUCache<string, Database.Statement>({ max: STATEMENT_CACHE_SIZE });
  const run = <T>(sql: string, params: readonly unknown[]): T[] => {
    try {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = connection().prepare(sql)));
      // better-sqlite3 binds no booleans (as TypeORM's runner, 0 and 1).
      const values = params.map((value) => (typeof value === 'boolean' ? Number(value) : value));
      return statement.reader ? (statement.all(...values) as T[]) : (statement.run(...values), []);
    } catch (error) {
      throw new QueryFailedError(sql, [...params], error as Error);
    }
  };
  return {
    dialect: 'sqlite',
    query: async <T>(sql: string, params: readonly unknown[]) => {
      const wait = sqliteGateWait(dataSource);
      if (wait) await wait;
      return run<T>(sql, params);
    },
    readsCommittedState: () => !connection().inTransaction,
  };
}

/**
 * A long read stopped at its time budget (LONG_READ_BUDGET_MS): on SQLite its reader
 * thread abandoned, on PostgreSQL the statement cancelled by statement_timeout. The
 * caller answers a clear error (e.g. 503 LIST_READ_TOO_SLOW) instead of holding on.
 */
export class ReadTooSlowError extends Error {
  constructor(readonly budgetMs: number) {
    super(`The read ran past its time budget of ${budgetMs} ms`);
    this.name = 'ReadTooSlowError';
  }
}

/** PostgreSQL's SQLSTATE for a statement cancelled, statement_timeout included. */
const QUERY_CANCELED = '57014';

/**
 * PostgreSQL: each statement in a read-only transaction of its own with
 * `SET LOCAL statement_timeout` at `budgetMs`, so the database itself stops a read past
 * its budget (ReadTooSlowError) and frees its connection and cores. For the long reads.
 */
export function budgetedPostgresExecutor(dataSource: DataSource, budgetMs: number): SqlExecutor {
  const pool = () => (dataSource.driver as unknown as { master: Pool }).master;
  const timeout = Math.max(1, Math.floor(budgetMs));
  return {
    dialect: 'postgres',
    query: async <T>(sql: string, params: readonly unknown[]) => {
      const client = await pool().connect();
      let broken = false;
      try {
        await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${timeout}`);
        const { rows } = await client.query(sql, params as unknown[]);
        await client.query('COMMIT');
        return rows as T[];
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        if ((error as { code?: string }).code === QUERY_CANCELED) throw new ReadTooSlowError(timeout);
        throw new QueryFailedError(sql, [...params], error as Error);
      } finally {
        client.release(broken);
      }
    },
    readsCommittedState: () => true,
  };
}

/**
 * The executor's statements, at most `concurrency` at once: the others wait their turn, in
 * the order they came, before taking a connection. PostgreSQL's side of SQLite's reader
 * threads for the applicants list's long reads (POSTGRES_LONG_READS): a burst of searches
 * over a million rows cannot take every core of the database server from the rest.
 */
export function limitedExecutor(executor: SqlExecutor, concurrency: number): SqlExecutor {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished statement hands its place to the next waiting one, if any.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    dialect: executor.dialect,
    query: async <T>(sql: string, params: readonly unknown[]) => {
      if (running < concurrency) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await executor.query<T>(sql, params);
      } finally {
        release();
      }
    },
    readsCommittedState: () => executor.readsCommittedState(),
  };
}

/**
 * Rows of plain SQL turned into entities exactly as TypeORM would hydrate them: the
 * driver's own conversion per column (booleans, dates, JSON) and each column's
 * transformer (encrypted columns included). `select(alias)` lists the entity's columns,
 * each aliased by its property name.
 */
export class EntityRows<T extends ObjectLiteral> {
  private readonly metadata: EntityMetadata;

  constructor(
    private readonly dataSource: DataSource,
    target: EntityTarget<T>,
  ) {
    this.metadata = dataSource.getMetadata(target);
  }

  /** The entity's columns (or only those named), each aliased by its property name. */
  select(alias: string, properties?: readonly (keyof T & string)[]): string {
    return this.metadata.columns
      .filter((column) => !properties || properties.includes(column.propertyName as keyof T & string))
      .map((column) => `"${alias}"."${column.databaseName}" AS "${column.propertyName}"`)
      .join(', ');
  }

  /** An entity from a row of `select(…)`; columns the row lacks stay unset. */
  hydrate(row: Record<string, unknown>): T {
    const entity = this.metadata.create() as T;
    for (const column of this.metadata.columns) {
      if (!(column.propertyName in row)) continue;
      column.setEntityValue(entity, this.dataSource.driver.prepareHydratedValue(row[column.propertyName], column));
    }
    return entity;
  }
}
