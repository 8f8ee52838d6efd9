import { Piscina } from 'piscina';
import { builtWorkerFile } from '../common/worker-file.js';
import type { SqlExecutor } from './plain-sql.js';
import type { SqliteRead, SqliteReaderData } from './sqlite-reader.worker.js';

/**
 * SQLite reads that may run long (a search matching a large share of a million
 * applicants), on a few worker threads, each with its own read-only connection: WAL lets
 * them read beside the main connection's writes, and the HTTP thread stays free while
 * they run (SQLite's calls are synchronous: on the main connection a 2-second query holds
 * every other request for 2 seconds). They read committed data only, never a transaction
 * in progress on the main connection.
 */
export class SqliteReaderPool implements SqlExecutor {
  readonly dialect = 'sqlite' as const;
  private readonly pool: Piscina;

  constructor(file: string, threads: number) {
    const workerData: SqliteReaderData = { file };
    this.pool = new Piscina({
      filename: builtWorkerFile(import.meta.url, 'sqlite-reader.worker.js'),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    });
  }

  query<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const read: SqliteRead = { sql, params: [...params] };
    return this.pool.run(read) as Promise<T[]>;
  }

  readsCommittedState(): boolean {
    return true;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
