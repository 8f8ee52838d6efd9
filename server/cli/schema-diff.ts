import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source-options.js';

export interface SchemaDiff {
  up: string[];
  down: string[];
}

/**
 * Applies every migration to an empty database and returns the SQL that TypeORM
 * would still need to make it match the entities: empty when the two agree.
 */
export async function schemaDiff(databaseUrl: string | undefined, databaseSchema?: string): Promise<SchemaDiff> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-schema-'));
  const dataSource = new DataSource(dataSourceOptions({ databaseUrl, dataDir, databaseSchema }));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const log = await dataSource.driver.createSchemaBuilder().log();
    return { up: log.upQueries.map((q) => q.query), down: log.downQueries.map((q) => q.query).reverse() };
  } finally {
    await dataSource.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node dist/server/database/schema-diff.js` prints the diff as JSON for scripts/migration-generate.mjs.
if (import.meta.url === `file://${process.argv[1]}`) {
  const diff = await schemaDiff(process.env.DATABASE_URL);
  process.stdout.write(JSON.stringify(diff));
}
