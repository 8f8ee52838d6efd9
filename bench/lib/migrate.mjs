// Child process: applies the built app's migrations to DATA_DIR's SQLite file, or to
// DATABASE_URL. A process of its own because entity column types follow DATABASE_URL
// at import time.
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../dist/server/data-source-options.js';

const dataSource = new DataSource(
  dataSourceOptions({ dataDir: process.env.DATA_DIR, databaseUrl: process.env.DATABASE_URL || undefined, databaseSchema: undefined }),
);
await dataSource.initialize();
await dataSource.runMigrations({ transaction: 'each' });
await dataSource.destroy();
