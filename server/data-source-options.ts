import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { Environment } from './config/environment.js';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';
import { keepDatabaseFilesPrivate } from './database/private-files.js';

type DatabaseSettings = Pick<Environment, 'databaseUrl' | 'dataDir' | 'databaseSchema'>;

/** The one TypeORM configuration, shared by the app, ormconfig.ts and the migration tooling. */
export function dataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  const common = { entities, migrations, migrationsRun: false, synchronize: false, logging: false } as const;
  if (settings.databaseUrl) {
    const schema = settings.databaseSchema;
    return {
      ...common,
      type: 'postgres',
      url: settings.databaseUrl,
      schema,
      // gen_random_uuid() is built into PostgreSQL 13+; no extension to install.
      uuidExtension: 'pgcrypto',
      // Unqualified names in raw SQL must resolve to the configured schema too.
      extra: { max: 20, ...(schema ? { options: `-c search_path=${schema}` } : {}) },
    };
  }
  const database = join(settings.dataDir, 'kyc.sqlite');
  return {
    ...common,
    type: 'better-sqlite3',
    database,
    enableWAL: true,
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      keepDatabaseFilesPrivate(database);
      db.pragma('busy_timeout = 5000');
      // Deleted content is overwritten with zeros, not left in free pages (erasure, retention).
      db.pragma('secure_delete = ON');
      db.pragma('synchronous = NORMAL');
    },
  };
}
