import Database, { type Statement } from 'better-sqlite3';
import { workerData } from 'piscina';

export interface SqliteReaderData {
  /** The database file (WAL): each thread opens its own read-only connection. */
  file: string;
}

export interface SqliteRead {
  sql: string;
  params: unknown[];
  /** Set to 1 by the pool when the read's budget has passed: not started after that. */
  givenUp?: Int32Array;
}

const db = new Database((workerData as SqliteReaderData).file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map<string, Statement>();

/** One read on this thread's connection: its rows, as the main connection would give them. */
export default function read({ sql, params, givenUp }: SqliteRead): unknown[] {
  // Given up while it waited for this thread: no one is waiting for its rows.
  if (givenUp && Atomics.load(givenUp, 0) === 1) return [];
  try {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement.all(...params);
  } catch (error) {
    // SqliteError is a subclass: cloned to the main thread it would arrive as a bare object without its message.
    throw new Error(`SQLite read failed: ${(error as Error).message}`);
  }
}
