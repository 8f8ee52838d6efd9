import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';

export type SqlDialect = 'sqlite' | 'postgres';

/**
 * Plain SQL on the app's connection: the hot reads (the caller's account and rights, an
 * organization, the applicants list and details) skip TypeORM's query building and
 * entity hydration. Free of Nest and TypeORM, so bench/ runs the same code on the raw
 * driver. TypeORM stays for writes and migrations.
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

/**
 * Raw SQL through the app's DataSource. On SQLite it goes through TypeORM's one query
 * runner, so it waits behind an open transaction like every other statement (the
 * transaction gate, server/database/sqlite-transaction-gate.ts); prepared statements are
 * cached by the driver.
 */
export function typeOrmExecutor(dataSource: DataSource): SqlExecutor {
  const postgres = dataSource.options.type === 'postgres';
  return {
    dialect: postgres ? 'postgres' : 'sqlite',
    query: <T>(sql: string, params: readonly unknown[]) => dataSource.query<T[]>(sql, [...params]),
    readsCommittedState: () =>
      postgres || !(dataSource.driver as unknown as { databaseConnection?: { inTransaction: boolean } }).databaseConnection?.inTransaction,
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
