import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import { builtWorkerFile } from '../config/worker-file.js';
import { ReadTooSlowError, type SqlExecutor } from './plain-sql.js';
import type { SqliteRead, SqliteReaderData } from './sqlite-reader.worker.js';

/**
 * SQLite reads that may run long (a search matching a large share of a million
 * applicants), on a few worker threads, each with its own read-only connection: WAL lets
 * them read beside the main connection's writes, and the HTTP thread stays free while
 * they run (SQLite's calls are synchronous: on the main connection a 2-second query holds
 * every other request for 2 seconds). They read committed data only, never a transaction
 * in progress on the main connection.
 *
 * With `budgetMs`, a read not answered within it (its wait for a thread included) is
 * refused with ReadTooSlowError at once. better-sqlite3 has no progress handler or
 * interrupt, and terminating the thread would not stop the statement either (a native
 * call: the thread ends only once it returns) while piscina started another beside it;
 * so the read is marked given up instead: a thread never starts a read given up while it
 * waited, and one already running finishes on its own thread, its rows dropped. The
 * threads stay SQLITE_READER_THREADS, never more, whatever is given up.
 */
export class SqliteReaderPool implements SqlExecutor {
  readonly dialect = 'sqlite' as const;
  private readonly pool: Piscina;
  private closed = false;

  constructor(
    file: string,
    threads: number,
    private readonly budgetMs = 0,
  ) {
    const workerData: SqliteReaderData = { file };
    this.pool = new Piscina({
      filename: builtWorkerFile(import.meta.url, 'sqlite-reader.worker.js'),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    });
    // A read given up and still on its thread when the pool is destroyed answers after piscina
    // has forgotten its task, which piscina reports as an 'error' event: with no listener that
    // event throws (it failed a CI run, and would crash a shutdown). After close it means
    // nothing; before, it is logged.
    this.pool.on('error', (error: unknown) => {
      if (!this.closed) new Logger('SqliteReaderPool').error(`A reader thread failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  query<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    if (this.budgetMs <= 0) return this.pool.run({ sql, params: [...params] } satisfies SqliteRead) as Promise<T[]>;
    // Shared with the thread (not copied): 1 once the read is given up.
    const givenUp = new Int32Array(new SharedArrayBuffer(4));
    const read: SqliteRead = { sql, params: [...params], givenUp };
    return new Promise<T[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        Atomics.store(givenUp, 0, 1);
        reject(new ReadTooSlowError(this.budgetMs));
      }, this.budgetMs).unref();
      (this.pool.run(read) as Promise<T[]>).then(
        (rows) => {
          clearTimeout(timer);
          resolve(rows);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error as Error);
        },
      );
    });
  }

  readsCommittedState(): boolean {
    return true;
  }

  close(): Promise<void> {
    this.closed = true;
    return this.pool.destroy();
  }
}
