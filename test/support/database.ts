import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A database of its own for one test file: a fresh SQLite file in a temporary data
 * directory, or — when TEST_DATABASE_URL is set — a fresh schema on that PostgreSQL.
 * It sets DATA_DIR / DATABASE_SCHEMA in the environment the app reads at start.
 */
export interface TestDatabase {
  dataDir: string;
  schema: string | undefined;
  drop(): Promise<void>;
}

export const usesPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-test-'));
  process.env.DATA_DIR = dataDir;
  let schema: string | undefined;
  if (usesPostgres) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    await withPostgres((client) => client.query(`CREATE SCHEMA ${schema}`));
    process.env.DATABASE_SCHEMA = schema;
  } else {
    delete process.env.DATABASE_SCHEMA;
  }
  return {
    dataDir,
    schema,
    async drop() {
      if (schema) await withPostgres((client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Points the environment at an existing test database again (for an app started on it after another stopped). */
export function reuseTestDatabase(database: TestDatabase): TestDatabase {
  process.env.DATA_DIR = database.dataDir;
  if (database.schema) process.env.DATABASE_SCHEMA = database.schema;
  else delete process.env.DATABASE_SCHEMA;
  return database;
}

async function withPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
