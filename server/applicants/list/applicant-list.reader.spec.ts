import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { dataSourceOptions } from '../../data-source-options.js';
import { APPLICANT_ORDER_BY, type ApplicantOrderBy } from '../applicant-fields.js';
import type { SqlExecutor } from '../../database/plain-sql.js';
import { ApplicantListReader, type ApplicantListFilters, type ApplicantListRequest } from './applicant-list.reader.js';
import { COLUMNS } from './sql.js';
import { fakeApplicants } from '../../fake-data/fake-applicant.js';
import { insertFakeApplicants } from '../../fake-data/insert-fake-applicants.js';

// The reader must answer exactly what the plain query answers — ORDER BY the column,
// then userId, LIMIT/OFFSET, and COUNT(*) with the search as LIKE/ILIKE — through every
// path it takes: OFFSET from either end, keyset seeks from checkpoints (tiny strides
// here so a few thousand rows have many), stale checkpoints after writes, and the
// indexed or walked search. On SQLite, or PostgreSQL with TEST_DATABASE_URL.

const ROWS = 1200;
const PAGE_SIZES = [25, 13];

describe('ApplicantListReader', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let organizationId: string;
  let otherOrganizationId: string;
  let statements: string[];
  let ftsQueries: string[] = [];
  let executor: SqlExecutor;
  const postgres = () => dataSource.options.type === 'postgres';
  const $ = (n: number) => (postgres() ? `$${n}` : '?');

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource(dataSourceOptions({ databaseUrl: process.env.DATABASE_URL, dataDir: database.dataDir, databaseSchema: database.schema }));
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const ownerId = randomUUID();
    organizationId = randomUUID();
    otherOrganizationId = randomUUID();
    await dataSource.query(`INSERT INTO "users" ("id", "username", "email") VALUES (${$(1)}, 'owner', 'owner@example.test')`, [ownerId]);
    for (const id of [organizationId, otherOrganizationId]) {
      await dataSource.query(`INSERT INTO "organizations" ("id", "name", "ownerId", "companyKey") VALUES (${$(1)}, 'Org', ${$(2)}, ${$(3)})`, [
        id,
        ownerId,
        `pk_${id}`,
      ]);
    }
    // Fake applicants (8 % without a document type), with ties on every sortable column
    // and names that exercise the search: case, accents, LIKE wildcards, quotes.
    const rows = fakeApplicants(ROWS, { seed: 'reader-spec' }).map((row, i) => ({
      ...row,
      createdAt: i % 5 === 0 ? new Date(Date.UTC(2026, 0, 1)) : row.createdAt,
      name: i % 97 === 0 ? `Zoë "Quote" 100%_off ${i}` : i % 31 === 0 ? `MARIA da Silva ${i}` : row.name,
    }));
    await dataSource.transaction((manager) => insertFakeApplicants(manager, organizationId, rows));
    await dataSource.transaction((manager) => insertFakeApplicants(manager, otherOrganizationId, fakeApplicants(50, { seed: 'other' })));
    executor = {
      dialect: postgres() ? 'postgres' : 'sqlite',
      query: <T>(sql: string, params: readonly unknown[]) => {
        statements.push(sql);
        ftsQueries.push(...params.filter((p): p is string => typeof p === 'string' && p.includes('" AND "')));
        return dataSource.query<T[]>(sql, [...params]);
      },
      readsCommittedState: () => true,
    };
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  beforeEach(() => {
    statements = [];
    ftsQueries = [];
  });

  const newReader = () => new ApplicantListReader(executor, { checkpointStride: 7, checkpointMinRows: 100, offsetReach: 20, rebuildCooldownMs: 0 });

  /** What the reader must answer, by the plain query. */
  async function expected(request: ApplicantListRequest) {
    const like = postgres() ? 'ILIKE' : 'LIKE';
    const params: unknown[] = [request.organizationId];
    let where = `"organizationId" = ${$(1)}`;
    if (request.search) {
      const escaped = request.search.replace(/[\\%_]/g, (c) => `\\${c}`);
      params.push(`${escaped}%`, `${escaped}%`, `%${escaped}%`);
      where += ` AND ("userId" ${like} ${$(2)} ESCAPE '\\' OR "docNumber" ${like} ${$(3)} ESCAPE '\\' OR "name" ${like} ${$(4)} ESCAPE '\\')`;
    }
    where += plainFilters(request.filters ?? {}, params);
    const dir = request.direction.toUpperCase();
    const order = request.orderBy === 'userId' ? `"userId" ${dir}` : `"${request.orderBy}" ${dir}, "userId" ${dir}`;
    const [count] = await dataSource.query(`SELECT COUNT(*) AS "n" FROM "applicants" WHERE ${where}`, params);
    const rows = await dataSource.query(
      `SELECT ${COLUMNS} FROM "applicants" WHERE ${where} ORDER BY ${order} LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`,
      params,
    );
    return { rows, total: Number(count.n) };
  }

  /** The filters written plainly, apart from filters.ts: each its own condition. */
  function plainFilters(filters: ApplicantListFilters, params: unknown[]): string {
    const add = (value: unknown) => {
      params.push(value);
      return $(params.length);
    };
    const stamp = (date: Date) => (postgres() ? date : date.toISOString().replace('T', ' ').replace('Z', ''));
    let where = '';
    if (filters.statuses) where += ` AND "kycStatus" IN (${filters.statuses.map(add).join(', ')})`;
    if (filters.reviewAnswer) where += filters.reviewAnswer === 'none' ? ` AND "reviewAnswer" IS NULL` : ` AND "reviewAnswer" = ${add(filters.reviewAnswer)}`;
    if (filters.flagged) where += filters.flagged === 'any' ? ` AND "flaggedChecks" IS NOT NULL` : ` AND "flaggedChecks" LIKE ${add(`%,${filters.flagged},%`)}`;
    if (filters.assigneeId !== undefined) where += filters.assigneeId === null ? ` AND "assigneeId" IS NULL` : ` AND "assigneeId" = ${add(filters.assigneeId)}`;
    if (filters.submittedFrom) where += ` AND "submittedAt" >= ${add(stamp(filters.submittedFrom))}`;
    if (filters.submittedTo) where += ` AND "submittedAt" < ${add(stamp(filters.submittedTo))}`;
    if (filters.documentType) where += ` AND "documentType" = ${add(filters.documentType)}`;
    if (filters.tagId)
      where += ` AND EXISTS (SELECT 1 FROM "applicant_tags" "t" WHERE "t"."applicantId" = "applicants"."id" AND "t"."tagId" = ${add(filters.tagId)})`;
    if (filters.noted) {
      const author = filters.noted === 'any' ? '' : ` AND "n"."authorId" = ${add(filters.noted.authorId)}`;
      where += ` AND EXISTS (SELECT 1 FROM "applicant_notes" "n" WHERE "n"."applicantId" = "applicants"."id"${author})`;
    }
    return where;
  }

  function pagesOf(total: number, pageSize: number): number[] {
    const last = Math.ceil(total / pageSize);
    return [...new Set([1, 2, Math.floor(last / 3), Math.floor(last / 2), last - 1, last, last + 1].filter((p) => p >= 1))];
  }

  describe.each(APPLICANT_ORDER_BY)('sorted by %s', (orderBy: ApplicantOrderBy) => {
    it('answers every page exactly, by OFFSET and then from checkpoints, in both directions', async () => {
      const reader = newReader();
      for (const round of ['offset', 'checkpoints'] as const) {
        for (const pageSize of PAGE_SIZES) {
          for (const direction of ['asc', 'desc'] as const) {
            for (const page of pagesOf(ROWS, pageSize)) {
              const request = { organizationId, page, pageSize, orderBy, direction };
              expect({ request, ...(await reader.list(request)) }).toEqual({ request, ...(await expected(request)) });
            }
          }
        }
        if (round === 'offset') {
          await reader.settled();
          statements = [];
        }
      }
      // The second round read the middle pages by seeking from checkpoints.
      expect(statements.some((sql) => /"userId" >= |\) >= \(/.test(sql))).toBe(true);
    });
  });

  it('keeps answering exactly after writes move rows (stale checkpoints are not used)', async () => {
    const reader = newReader();
    const request: ApplicantListRequest = { organizationId, page: 20, pageSize: 13, orderBy: 'kycStatus', direction: 'desc' };
    await reader.list(request);
    await reader.settled();
    expect(await reader.list(request)).toEqual(await expected(request));

    const [{ userId }] = await dataSource.query(
      `SELECT "userId" FROM "applicants" WHERE "organizationId" = ${$(1)} AND "kycStatus" = 'completed' ORDER BY "userId" LIMIT 1`,
      [organizationId],
    );
    await dataSource.query(`UPDATE "applicants" SET "kycStatus" = 'init' WHERE "organizationId" = ${$(1)} AND "userId" = ${$(2)}`, [organizationId, userId]);
    await dataSource.transaction((manager) => insertFakeApplicants(manager, organizationId, fakeApplicants(3, { seed: 'late', start: 0 })));
    for (const page of [1, 20, 40, 93, 94]) {
      const moved = { ...request, page };
      expect(await reader.list(moved)).toEqual(await expected(moved));
    }
    await reader.settled();
    expect(await reader.list(request)).toEqual(await expected(request));

    await dataSource.query(`DELETE FROM "applicants" WHERE "organizationId" = ${$(1)} AND "userId" = ${$(2)}`, [organizationId, userId]);
    expect(await reader.list(request)).toEqual(await expected(request));
  });

  // The last column: whether the name index is queried through rare trigrams (a term of
  // five or more characters whose matches are few enough to collect rather than walk).
  it.each([
    ['a common name, in another case', 'maria DA silva', true],
    ['a fragment matching many', 'an', false],
    ['a userId prefix', 'USR_0', false],
    ['a document number prefix', 'a', false],
    ['LIKE wildcards taken literally', '100%_o', true],
    ['a quote', '"quote"', true],
    ['an accented letter', 'zoë', false],
    ['nobody', 'zz-nobody', false],
  ])('searches %s exactly, every page and sort', async (_case, search, throughRareTrigrams) => {
    const reader = newReader();
    // The first search samples name trigrams in the background; later ones use them.
    await reader.list({ organizationId, page: 1, pageSize: 10, orderBy: 'userId', direction: 'asc', search });
    await reader.settled();
    statements = [];
    for (const orderBy of APPLICANT_ORDER_BY) {
      for (const direction of ['asc', 'desc'] as const) {
        const first = await expected({ organizationId, page: 1, pageSize: 10, orderBy, direction, search });
        for (const page of pagesOf(first.total, 10)) {
          const request = { organizationId, page, pageSize: 10, orderBy, direction, search };
          expect({ request, ...(await reader.list(request)) }).toEqual({ request, ...(await expected(request)) });
        }
      }
    }
    if (throughRareTrigrams) {
      if (postgres()) expect(statements.some((sql) => sql.includes(`("name" || '') ILIKE`))).toBe(true);
      else expect(ftsQueries.length).toBeGreaterThan(0);
    }
  });

  it('recounts a search after a name changes', async () => {
    const reader = newReader();
    const request: ApplicantListRequest = { organizationId, page: 1, pageSize: 10, orderBy: 'userId', direction: 'asc', search: 'Brand New Name' };
    expect((await reader.list(request)).total).toBe(0);
    await dataSource.query(
      `UPDATE "applicants" SET "name" = 'A brand new name' WHERE "organizationId" = ${$(1)} AND "userId" IN (SELECT "userId" FROM "applicants" WHERE "organizationId" = ${$(2)} ORDER BY "userId" LIMIT 2)`,
      [organizationId, organizationId],
    );
    expect(await reader.list(request)).toEqual(await expected(request));
    expect((await reader.list(request)).total).toBe(2);
  });

  it('sends the long reads to its background executor: searches, filtered counts, checkpoint walks, deep OFFSET pages', async () => {
    const background: string[] = [];
    const backgroundExecutor: SqlExecutor = {
      ...executor,
      query: <T>(sql: string, params: readonly unknown[]) => {
        background.push(sql);
        return executor.query<T>(sql, params);
      },
    };
    const reader = new ApplicantListReader(
      executor,
      { checkpointStride: 7, checkpointMinRows: 100, offsetReach: 20, rebuildCooldownMs: 0 },
      backgroundExecutor,
    );
    const request: ApplicantListRequest = { organizationId, page: 20, pageSize: 25, orderBy: 'createdAt', direction: 'asc' };
    // A deep page before its checkpoints: OFFSET on the background; the walk starts there too.
    expect(await reader.list(request)).toEqual(await expected(request));
    expect(background.some((sql) => /OFFSET/.test(sql) && !/IS NULL|IS NOT NULL/.test(sql))).toBe(true);
    await reader.settled();
    // The walk: one window query on PostgreSQL, hops from checkpoint to checkpoint on SQLite.
    expect(background.some((sql) => /ROW_NUMBER\(\)|LIMIT 1 OFFSET/.test(sql))).toBe(true);
    // With the checkpoints built, the same page is a short seek on the main executor.
    background.length = 0;
    statements = [];
    expect(await reader.list(request)).toEqual(await expected(request));
    expect(background).toEqual([]);
    expect(statements.length).toBeGreaterThan(0);
    // A filtered count and a search.
    const filtered = { ...request, page: 1, filters: { statuses: ['pending'] } } as ApplicantListRequest;
    expect(await reader.list(filtered)).toEqual(await expected(filtered));
    const searched = { ...request, page: 1, search: 'maria' };
    expect(await reader.list(searched)).toEqual(await expected(searched));
    expect(background.filter((sql) => sql.startsWith('SELECT COUNT(*)')).length).toBeGreaterThanOrEqual(2);
    await reader.settled();
  });

  it('counts each organization apart, and nothing for one without applicants', async () => {
    const reader = newReader();
    const request: ApplicantListRequest = { organizationId: otherOrganizationId, page: 1, pageSize: 100, orderBy: 'createdAt', direction: 'desc' };
    expect(await reader.list(request)).toEqual(await expected(request));
    expect(await reader.list({ ...request, organizationId: randomUUID() })).toEqual({ rows: [], total: 0 });
  });

  describe('work-queue filters', () => {
    let reviewerA: string;
    let reviewerB: string;
    let tagId: string;
    const filterCases = (): [string, ApplicantListFilters, string?][] => [
      ['one status', { statuses: ['pending'] }],
      ['two statuses', { statuses: ['queued', 'onHold'] }],
      ['approved', { reviewAnswer: 'approved' }],
      ['not decided', { reviewAnswer: 'none' }],
      ['any flag', { flagged: 'any' }],
      ['one flagged check', { flagged: 'face-match' }],
      ['unassigned', { assigneeId: null }],
      ['one assignee', { assigneeId: reviewerA }],
      ['submitted in a range', { submittedFrom: new Date(Date.now() - 60 * 86_400_000), submittedTo: new Date(Date.now() - 20 * 86_400_000) }],
      ['a document type', { documentType: 'PASSPORT' }],
      ['a tag', { tagId }],
      ['a tag, unassigned and flagged', { tagId, assigneeId: null, flagged: 'any' }],
      ['with notes', { noted: 'any' }],
      ['with notes of one author', { noted: { authorId: reviewerB } }],
      ['with notes of one author, pending', { noted: { authorId: reviewerA }, statuses: ['pending'] }],
      ['status with a search', { statuses: ['completed'] }, 'maria'],
      ['nothing matching', { assigneeId: randomUUID() }],
    ];

    beforeAll(async () => {
      reviewerA = randomUUID();
      reviewerB = randomUUID();
      for (const [id, name] of [
        [reviewerA, 'reviewer-a'],
        [reviewerB, 'reviewer-b'],
      ]) {
        await dataSource.query(
          `INSERT INTO "users" ("id", "username", "email", "usernameKey", "emailKey") VALUES (${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)})`,
          [id, name, `${name}@example.test`, name, `${name}@example.test`],
        );
      }
      tagId = randomUUID();
      await dataSource.query(`INSERT INTO "applicant_tag_definitions" ("id", "organizationId", "name", "color") VALUES (${$(1)}, ${$(2)}, 'VIP', 'blue')`, [
        tagId,
        organizationId,
      ]);
      const rows: { id: string; userId: string }[] = await dataSource.query(
        `SELECT "id", "userId" FROM "applicants" WHERE "organizationId" = ${$(1)} ORDER BY "userId"`,
        [organizationId],
      );
      for (const [i, row] of rows.entries()) {
        const assignee = i % 3 === 0 ? reviewerA : i % 5 === 0 ? reviewerB : null;
        const flags = i % 4 === 0 ? ',document-read,' : i % 7 === 0 ? ',document-read,face-match,' : null;
        await dataSource.query(`UPDATE "applicants" SET "assigneeId" = ${$(1)}, "flaggedChecks" = ${$(2)} WHERE "id" = ${$(3)}`, [assignee, flags, row.id]);
        if (i % 6 === 1) await dataSource.query(`INSERT INTO "applicant_tags" ("applicantId", "tagId") VALUES (${$(1)}, ${$(2)})`, [row.id, tagId]);
        for (const [author, every] of [
          [reviewerA, 5],
          [reviewerB, 8],
        ] as const) {
          if (i % every === 2) {
            await dataSource.query(
              `INSERT INTO "applicant_notes" ("id", "applicantId", "authorId", "authorName", "text", "createdAt") VALUES (${$(1)}, ${$(2)}, ${$(3)}, 'reviewer', 'A note', ${$(4)})`,
              [randomUUID(), row.id, author, postgres() ? new Date() : new Date().toISOString().replace('T', ' ').replace('Z', '')],
            );
          }
        }
      }
    });

    it('answers every filter exactly, alone and combined, every sort and direction, by OFFSET and then from checkpoints', async () => {
      // Room for the checkpoints of every filtered list and sort (17 × 6).
      const reader = new ApplicantListReader(executor, {
        checkpointStride: 7,
        checkpointMinRows: 100,
        offsetReach: 20,
        rebuildCooldownMs: 0,
        maxCheckpointLists: 120,
      });
      for (const round of ['offset', 'checkpoints'] as const) {
        for (const [name, filters, search] of filterCases()) {
          for (const orderBy of APPLICANT_ORDER_BY) {
            for (const direction of ['asc', 'desc'] as const) {
              const first = await expected({ organizationId, page: 1, pageSize: 25, orderBy, direction, search, filters });
              for (const page of pagesOf(first.total, 13)) {
                const request = { organizationId, page, pageSize: 13, orderBy, direction, search, filters };
                expect({ name, round, request, ...(await reader.list(request)) }).toEqual({ name, round, request, ...(await expected(request)) });
              }
            }
          }
        }
        if (round === 'offset') {
          await reader.settled();
          statements = [];
        }
      }
      // Deep pages of the large filtered lists were read by seeking from their checkpoints.
      const seeks = statements.filter((sql) =>
        /^SELECT "userId", "kycStatus".* WHERE "organizationId" = \S+ AND "kycStatus" = \S+ AND (\(".*", "userId"\) >= |"userId" >= )/.test(sql),
      );
      expect(seeks.length).toBeGreaterThan(0);
    }, 120_000); // 17 filters × 6 sorts × 2 directions × 2 rounds, each page read twice

    it('counts a filtered list once per data version, and again after a change', async () => {
      const reader = newReader();
      const request: ApplicantListRequest = { organizationId, page: 1, pageSize: 10, orderBy: 'userId', direction: 'asc', filters: { assigneeId: reviewerB } };
      const before = await reader.list(request);
      statements = [];
      expect(await reader.list(request)).toEqual(before);
      expect(statements.filter((sql) => sql.startsWith('SELECT COUNT(*)'))).toEqual([]);
      const [{ userId }] = await dataSource.query(
        `SELECT "userId" FROM "applicants" WHERE "organizationId" = ${$(1)} AND "assigneeId" IS NULL ORDER BY "userId" LIMIT 1`,
        [organizationId],
      );
      await dataSource.query(`UPDATE "applicants" SET "assigneeId" = ${$(1)} WHERE "organizationId" = ${$(2)} AND "userId" = ${$(3)}`, [
        reviewerB,
        organizationId,
        userId,
      ]);
      const after = await reader.list(request);
      expect(after.total).toBe(before.total + 1);
      expect(after).toEqual(await expected(request));
    });

    it('walks a filtered list in order with following(), from any row to the end', async () => {
      const reader = newReader();
      for (const orderBy of ['userId', 'submittedAt', 'kycStatus', 'documentType'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const filters: ApplicantListFilters = { flagged: 'any' };
          const all = await expected({ organizationId, page: 1, pageSize: ROWS, orderBy, direction, filters });
          const walked: string[] = [];
          let after: string | undefined;
          for (;;) {
            const batch = await reader.following({ organizationId, orderBy, direction }, filters, after, 17);
            walked.push(...batch.map((row) => row.userId));
            if (batch.length < 17) break;
            after = batch[batch.length - 1].userId;
          }
          expect({ orderBy, direction, walked }).toEqual({ orderBy, direction, walked: all.rows.map((row: { userId: string }) => row.userId) });
          expect(await reader.total(organizationId, filters)).toBe(all.total);
        }
      }
    });
  });
});
