// The bare driver as the small executor the app's list reader runs on
// ({ dialect, query(sql, params), readsCommittedState }): the raw baseline and the
// framework floor both read through it, with the app's connection settings.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';

/** SQLite: one connection, WAL, the app's pragmas; prepared statements cached by SQL text, like TypeORM's. */
export function sqliteExecutor(dataDir) {
  const db = new Database(join(dataDir, 'kyc.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const statements = new Map();
  const prepare = (sql) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  return {
    dialect: 'sqlite',
    query: async (sql, params = []) => {
      const statement = prepare(sql);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    },
    readsCommittedState: () => !db.inTransaction,
  };
}

/** PostgreSQL: a pool of 20 connections, as the app's data source. */
export function postgresExecutor(url) {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  return {
    dialect: 'postgres',
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    readsCommittedState: () => true,
  };
}

/** From the environment the app reads: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite). */
export function executorFromEnvironment() {
  return process.env.DATABASE_URL ? postgresExecutor(process.env.DATABASE_URL) : sqliteExecutor(process.env.DATA_DIR);
}
