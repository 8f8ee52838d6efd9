import type { QueryRunner } from 'typeorm';

export interface DialectStatements {
  sqlite: string[];
  postgres: string[];
}

/**
 * Migrations are generated for both databases at once (npm run migration:generate);
 * each runs the statements of the database it is applied to.
 */
export async function runForDialect(queryRunner: QueryRunner, statements: DialectStatements): Promise<void> {
  const dialect = queryRunner.connection.options.type === 'postgres' ? 'postgres' : 'sqlite';
  for (const statement of statements[dialect]) await queryRunner.query(statement);
}
