import { limitedExecutor, type SqlExecutor } from './plain-sql.js';

/** An executor whose statements finish when the test says: each call is recorded with its resolve and reject. */
function heldExecutor() {
  const calls: { sql: string; finish: () => void; fail: (error: Error) => void }[] = [];
  const executor: SqlExecutor = {
    dialect: 'postgres',
    query: <T>(sql: string) => new Promise<T[]>((resolve, reject) => calls.push({ sql, finish: () => resolve([{ sql }] as T[]), fail: reject })),
    readsCommittedState: () => true,
  };
  return { executor, calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('limitedExecutor (POSTGRES_LONG_READS)', () => {
  it('runs at most the limit at once, the others in the order they came, each as soon as a place is free', async () => {
    const { executor, calls } = heldExecutor();
    const limited = limitedExecutor(executor, 2);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((sql) => limited.query<{ sql: string }>(sql, []));
    await settle();
    expect(calls.map((call) => call.sql)).toEqual(['a', 'b']);
    calls[1].finish();
    await settle();
    expect(calls.map((call) => call.sql)).toEqual(['a', 'b', 'c']);
    calls[0].finish();
    calls[2].finish();
    await settle();
    expect(calls.map((call) => call.sql)).toEqual(['a', 'b', 'c', 'd', 'e']);
    calls[3].finish();
    calls[4].finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd', 'e'].map((sql) => [{ sql }]));
  });

  it('frees the place of a statement that failed, and passes the failure on', async () => {
    const { executor, calls } = heldExecutor();
    const limited = limitedExecutor(executor, 1);
    const failing = limited.query('a', []);
    const next = limited.query('b', []);
    await settle();
    expect(calls.map((call) => call.sql)).toEqual(['a']);
    calls[0].fail(new Error('canceling statement due to user request'));
    await expect(failing).rejects.toThrow('canceling statement');
    await settle();
    expect(calls.map((call) => call.sql)).toEqual(['a', 'b']);
    calls[1].finish();
    await expect(next).resolves.toEqual([{ sql: 'b' }]);
  });

  it('keeps the executor dialect and what it says of committed state', () => {
    const { executor } = heldExecutor();
    const limited = limitedExecutor({ ...executor, readsCommittedState: () => false }, 3);
    expect([limited.dialect, limited.readsCommittedState()]).toEqual(['postgres', false]);
  });
});
