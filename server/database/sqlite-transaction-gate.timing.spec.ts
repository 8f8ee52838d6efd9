import { DataSource } from 'typeorm';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { createTestDatabase, usesPostgres, type TestDatabase } from '../../test/support/database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { typeOrmExecutor } from './plain-sql.js';
import { installSqliteTransactionGate } from './sqlite-transaction-gate.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// SQLite only: PostgreSQL gives every transaction its own pooled connection.
(usesPostgres ? describe.skip : describe)('the SQLite transaction gate (SQLite runs only)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let counter = 0;
  const newUser = (manager = dataSource.manager) => {
    counter += 1;
    return manager.save(User, manager.create(User, { username: `gate${counter}`, email: `gate${counter}@example.test`, passwordHash: null }));
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    dataSource = await new DataSource({
      ...dataSourceOptions({ databaseUrl: undefined, dataDir: database.dataDir, databaseSchema: undefined }),
      migrationsRun: true,
    }).initialize();
    installSqliteTransactionGate(dataSource);
  });
  afterEach(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('keeps a write made elsewhere out of a transaction that rolls back', async () => {
    const failing = dataSource.transaction(async (manager) => {
      await newUser(manager);
      await pause(50);
      throw new Error('the change fails');
    });
    await pause(10);
    const outside = await newUser();
    await expect(failing).rejects.toThrow('the change fails');
    expect(await dataSource.getRepository(User).findOneBy({ id: outside.id })).not.toBeNull();
    expect(await dataSource.getRepository(User).count()).toBe(1);
  });

  it('runs concurrent transactions one after another instead of failing', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        dataSource.transaction(async (manager) => {
          const user = await newUser(manager);
          await pause(20);
          await manager.insert(Organization, { name: 'Org', ownerId: user.id, companyKey: `pk_${user.id}` });
          return user.id;
        }),
      ),
    );
    expect(new Set(results).size).toBe(3);
    expect(await dataSource.getRepository(Organization).count()).toBe(3);
  });

  it('lets a transaction nest (savepoints) without waiting for itself', async () => {
    await dataSource.transaction(async (outer) => {
      await newUser(outer);
      await outer.transaction(async (inner) => newUser(inner));
    });
    expect(await dataSource.getRepository(User).count()).toBe(2);
  });

  it('makes a plain-SQL read wait behind a transaction, and lets the transaction read through it', async () => {
    const executor = typeOrmExecutor(dataSource);
    const count = async () => (await executor.query<{ n: number }>('SELECT COUNT(*) AS "n" FROM "users"', []))[0].n;
    let readInside: number | undefined;
    const changing = dataSource.transaction(async (manager) => {
      await newUser(manager);
      readInside = await count();
      await pause(50);
      await newUser(manager);
    });
    await pause(10);
    expect(executor.readsCommittedState()).toBe(false);
    // Not the uncommitted first row: the read waits until both are committed.
    expect(await count()).toBe(2);
    await changing;
    expect(readInside).toBe(1);
    expect(executor.readsCommittedState()).toBe(true);
  });

  it('turns a failing plain-SQL statement into a QueryFailedError', async () => {
    await expect(typeOrmExecutor(dataSource).query('SELECT nothing FROM "users"', [])).rejects.toMatchObject({
      name: 'QueryFailedError',
      query: 'SELECT nothing FROM "users"',
    });
  });
});
