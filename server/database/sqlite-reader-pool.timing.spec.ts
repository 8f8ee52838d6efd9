import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadTooSlowError } from './plain-sql.js';
import { SqliteReaderPool } from './sqlite-reader-pool.js';

describe('SqliteReaderPool', () => {
  let dir: string;
  let main: Database.Database;
  let pool: SqliteReaderPool;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kyc-readers-'));
    const file = join(dir, 'kyc.sqlite');
    main = new Database(file);
    main.pragma('journal_mode = WAL');
    main.exec('CREATE TABLE "people" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "seen" TEXT)');
    const insert = main.prepare('INSERT INTO "people" ("name", "seen") VALUES (?, ?)');
    for (const [name, seen] of [
      ['Ada', '2026-01-02 03:04:05.678'],
      ['Alan', null],
      ['Grace', '2026-11-24 00:00:00.000'],
    ])
      insert.run(name, seen);
    pool = new SqliteReaderPool(file, 2);
  });
  afterAll(async () => {
    await pool.close();
    main.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the rows the main connection would, parameters bound', async () => {
    const sql = 'SELECT "id", "name", "seen" FROM "people" WHERE "name" LIKE ? ORDER BY "id"';
    expect(await pool.query(sql, ['A%'])).toEqual(main.prepare(sql).all('A%'));
    expect(pool.readsCommittedState()).toBe(true);
  });

  it('refuses bad SQL with the database error, and keeps serving', async () => {
    // The error crosses from the worker thread as a clone: compared by its message.
    await expect(pool.query('SELECT * FROM "nowhere"', [])).rejects.toMatchObject({ message: expect.stringMatching(/no such table: nowhere/) });
    expect(await pool.query('SELECT COUNT(*) AS "n" FROM "people"', [])).toEqual([{ n: 3 }]);
  });

  it('sees committed rows only, never a transaction still open on the main connection', async () => {
    main.exec('BEGIN');
    main.prepare('INSERT INTO "people" ("name") VALUES (?)').run('Uncommitted');
    expect(await pool.query('SELECT COUNT(*) AS "n" FROM "people"', [])).toEqual([{ n: 3 }]);
    main.exec('COMMIT');
    expect(await pool.query('SELECT COUNT(*) AS "n" FROM "people"', [])).toEqual([{ n: 4 }]);
  });

  it('leaves this thread free while a long read runs', async () => {
    // The worker threads started first, so their start is not inside the measured window.
    await Promise.all([1, 2].map(() => pool.query('SELECT 1', [])));
    // About a second of work for SQLite; on the main connection it would hold this thread for all of it.
    const started = performance.now();
    const slow = pool.query('WITH RECURSIVE "c"("x") AS (SELECT 1 UNION ALL SELECT "x" + 1 FROM "c" WHERE "x" < 3000000) SELECT COUNT(*) AS "n" FROM "c"', []);
    let done = false;
    void slow.then(() => (done = true));
    const gaps: number[] = [];
    let last = performance.now();
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    expect(await slow).toEqual([{ n: 3000000 }]);
    const elapsed = performance.now() - started;
    expect(gaps.length).toBeGreaterThan(10);
    // Timers kept firing through the read: no pause near its length (a ratio, as this machine may be busy).
    expect(Math.max(...gaps)).toBeLessThan(elapsed / 3);
  });

  it('refuses a read past its budget at the budget, gives up the reads waiting behind it, and serves again once the thread is free', async () => {
    const budgeted = new SqliteReaderPool(join(dir, 'kyc.sqlite'), 1, 300);
    try {
      await budgeted.query('SELECT 1', []);
      // Seconds of work for SQLite, on the only thread; the second read waits behind it.
      const long = 'WITH RECURSIVE "c"("x") AS (SELECT 1 UNION ALL SELECT "x" + 1 FROM "c" WHERE "x" < 6000000) SELECT COUNT(*) AS "n" FROM "c"';
      const started = performance.now();
      const answers = await Promise.allSettled([budgeted.query(long, []), budgeted.query(long, [])]);
      expect(performance.now() - started).toBeLessThan(1000);
      for (const answer of answers) expect(answer).toMatchObject({ status: 'rejected', reason: expect.any(ReadTooSlowError) });
      // The thread finishes the statement it was in (no more threads are started), skips the read given up while it
      // waited, and serves again.
      let rows: unknown[] | undefined;
      for (let tries = 0; !rows && tries < 50; tries += 1) {
        rows = await budgeted.query('SELECT COUNT(*) AS "n" FROM "people"', []).catch((error: unknown) => {
          expect(error).toBeInstanceOf(ReadTooSlowError);
          return undefined;
        });
      }
      expect(rows).toEqual([{ n: 4 }]);
    } finally {
      await budgeted.close();
    }
  }, 30_000);
});
