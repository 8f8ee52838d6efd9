// Seeds the benchmark databases: the schema from the app's own migrations, one owner
// with an API key and a webhook, one organization holding N applicants drawn from the
// fake-applicant generator (with 4 reviewer members and 3 tags: a realistic share of
// applicants is assigned, flagged and tagged). The applicants table's indexes and triggers are dropped
// during the bulk load and rebuilt after it (SEEDER ONLY: synchronous=OFF, big
// transactions), then the derived data (counts, search index) is rebuilt.
import Database from 'better-sqlite3';
import { availableParallelism } from 'node:os';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { execFileSync } from 'node:child_process';
import { issueApiKey } from '../../dist/server/api-keys/api-key.js';
import { newCompanyKey } from '../../dist/server/organizations/company-key.js';
import { generateWebhookSecret } from '../../dist/server/webhooks/webhook-signature.js';
import { rebuildApplicantDerivedData } from '../../dist/server/applicants/applicant-search-schema.js';
import { APPLICANT_COLUMNS, DATE_COLUMNS } from './columns.mjs';
import { progressBar } from './progress.mjs';

export const BENCH_SECRET = 'bench-app-secret-0123456789-abcdefghijklmnop';
const SEED = 'bench';
const GENERATE_BATCH = 5_000;

/** Applies every migration of the built app to an empty database. */
async function migrate({ dataDir, databaseUrl }) {
  execFileSync(process.execPath, [new URL('./migrate.mjs', import.meta.url).pathname], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
    stdio: 'inherit',
  });
}

/** Batches of generated rows, produced by worker threads in order. */
async function* generatedRows(total, organizationId, now, workflow) {
  const workers = Array.from({ length: Math.max(1, Math.min(availableParallelism(), 4)) }, () => new Worker(new URL('./generate-worker.mjs', import.meta.url)));
  const pending = new Map();
  let nextId = 0;
  for (const worker of workers) worker.on('message', ({ id, rows }) => pending.get(id).resolve(rows));
  const request = (start) => {
    const id = nextId++;
    const count = Math.min(GENERATE_BATCH, total - start);
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    pending.set(id, { resolve });
    workers[id % workers.length].postMessage({ id, start, count, seed: SEED, now, organizationId, ...workflow });
    return promise.then((rows) => (pending.delete(id), rows));
  };
  // Keep two batches per worker in flight.
  const queue = [];
  let start = 0;
  const fill = () => {
    while (queue.length < workers.length * 2 && start < total) {
      queue.push(request(start));
      start += GENERATE_BATCH;
    }
  };
  try {
    fill();
    while (queue.length > 0) {
      const rows = await queue.shift();
      fill();
      yield rows;
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

const sqliteDate = (iso) => (iso === null ? null : iso.replace('T', ' ').replace('Z', ''));

/** Owner (with API key and webhook), organization: the same rows on both databases. */
function fixtureRows(webhookUrl) {
  const key = issueApiKey(BENCH_SECRET);
  const ownerId = randomUUID();
  const organizationId = randomUUID();
  return {
    apiKey: key.apiKey,
    ownerId,
    organizationId,
    companyKey: newCompanyKey(),
    // The reviewers applicants are assigned to (members), and the organization's tags.
    reviewers: Array.from({ length: 4 }, (_, i) => ({ id: randomUUID(), username: `bench-reviewer-${i + 1}`, email: `bench-reviewer-${i + 1}@example.test` })),
    tags: ['VIP', 'Second look', 'Escalated'].map((name, i) => ({ id: randomUUID(), name, color: ['blue', 'amber', 'red'][i] })),
    user: {
      id: ownerId,
      username: 'bench-owner',
      email: 'bench-owner@example.test',
      role: 'kyc',
      isConfirmed: true,
      webhookUrl,
      webhookSecret: generateWebhookSecret(),
      apiKeyHash: key.apiKeyHash,
      apiKeyEncrypted: key.apiKeyEncrypted,
    },
  };
}

/**
 * SQLite: a fresh data directory with `count` applicants. Returns what the benchmark
 * needs to call the API (ids, keys) and a sample of userIds.
 */
export async function seedSqlite({ dataDir, count, webhookUrl, now }) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await migrate({ dataDir, databaseUrl: undefined });
  const db = new Database(join(dataDir, 'kyc.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  db.pragma('temp_store = MEMORY');
  const fixture = fixtureRows(webhookUrl);
  const u = fixture.user;
  db.prepare(
    `INSERT INTO "users" ("id","username","email","role","isConfirmed","webhookUrl","webhookSecret","apiKeyHash","apiKeyEncrypted") VALUES (?,?,?,?,?,?,?,?,?)`,
  ).run(u.id, u.username, u.email, u.role, 1, u.webhookUrl, u.webhookSecret, u.apiKeyHash, u.apiKeyEncrypted);
  db.prepare(`INSERT INTO "organizations" ("id","name","ownerId","companyKey") VALUES (?,?,?,?)`).run(
    fixture.organizationId,
    'Bench Corp',
    fixture.ownerId,
    fixture.companyKey,
  );
  for (const reviewer of fixture.reviewers) {
    db.prepare(`INSERT INTO "users" ("id","username","email","usernameKey","emailKey","role","isConfirmed") VALUES (?,?,?,?,?,?,?)`).run(
      reviewer.id,
      reviewer.username,
      reviewer.email,
      reviewer.username,
      reviewer.email,
      'kyc',
      1,
    );
    db.prepare(`INSERT INTO "organization_members" ("organizationId","userId") VALUES (?,?)`).run(fixture.organizationId, reviewer.id);
  }
  for (const tag of fixture.tags) {
    db.prepare(`INSERT INTO "applicant_tag_definitions" ("id","organizationId","name","color") VALUES (?,?,?,?)`).run(
      tag.id,
      fixture.organizationId,
      tag.name,
      tag.color,
    );
  }

  // Indexes and triggers of applicants go during the load and come back after it.
  const saved = db.prepare(`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'applicants' AND type IN ('index','trigger') AND sql IS NOT NULL`).all();
  for (const { type, name } of saved) db.exec(`DROP ${type.toUpperCase()} "${name}"`);

  const placeholders = `(${APPLICANT_COLUMNS.map(() => '?').join(',')})`;
  const insert = db.prepare(`INSERT INTO "applicants" (${APPLICANT_COLUMNS.map((c) => `"${c}"`).join(',')}) VALUES ${placeholders}`);
  const dateIndexes = APPLICANT_COLUMNS.map((c, i) => (DATE_COLUMNS.has(c) ? i : -1)).filter((i) => i >= 0);
  const insertBatch = db.transaction((rows) => {
    for (const row of rows) {
      for (const i of dateIndexes) row[i] = sqliteDate(row[i]);
      insert.run(row);
    }
  });
  const bar = progressBar(`SQLite: ${count.toLocaleString('en')} applicants`, count);
  const workflow = { reviewers: fixture.reviewers.map((r) => r.id), tags: fixture.tags.map((t) => t.id) };
  for await (const rows of generatedRows(count, fixture.organizationId, now, workflow)) {
    insertBatch(rows);
    bar.tick(rows.length);
  }
  bar.done();

  const rebuild = progressBar('SQLite: indexes, search index, counts, ANALYZE', saved.length + 2);
  for (const { type, sql } of [...saved.filter((s) => s.type === 'index'), ...saved.filter((s) => s.type === 'trigger')]) {
    db.exec(sql);
    rebuild.tick(1, type);
  }
  for (const statement of rebuildApplicantDerivedData('sqlite')) db.exec(statement);
  // Each tagged applicant has one tag: its applicant_tags row from tagIds (',<id>,').
  db.exec(`INSERT INTO "applicant_tags" ("applicantId","tagId") SELECT "id", substr("tagIds", 2, 36) FROM "applicants" WHERE "tagIds" IS NOT NULL`);
  rebuild.tick(1);
  db.exec('ANALYZE');
  db.pragma('wal_checkpoint(TRUNCATE)');
  rebuild.tick(1);
  rebuild.done();
  db.close();
  return { ...fixture, count };
}

/** Reads the seeded SQLite applicants back in batches, as row arrays with ISO dates. */
function* sqliteRows(dataDir, batch = 10_000) {
  const db = new Database(join(dataDir, 'kyc.sqlite'), { readonly: true });
  try {
    const statement = db.prepare(`SELECT ${APPLICANT_COLUMNS.map((c) => `"${c}"`).join(',')} FROM "applicants"`).raw(true);
    let rows = [];
    const dateIndexes = APPLICANT_COLUMNS.map((c, i) => (DATE_COLUMNS.has(c) ? i : -1)).filter((i) => i >= 0);
    for (const row of statement.iterate()) {
      for (const i of dateIndexes) if (row[i] !== null) row[i] = `${row[i].replace(' ', 'T')}Z`;
      rows.push(row);
      if (rows.length === batch) {
        yield rows;
        rows = [];
      }
    }
    if (rows.length) yield rows;
  } finally {
    db.close();
  }
}

const PG_TYPES = {
  id: 'uuid',
  organizationId: 'uuid',
  assigneeId: 'uuid',
  assignedAt: 'timestamptz',
  submittedAt: 'timestamptz',
  decidedAt: 'timestamptz',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
};

/**
 * PostgreSQL: drops and recreates the database, migrates it, and loads the same
 * fixture and applicants as the SQLite seed (read back from its file), with one
 * INSERT … SELECT FROM unnest(…) per 10,000 rows.
 */
export async function seedPostgres({ adminUrl, databaseUrl, sqliteDataDir, fixture, count }) {
  const database = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  await migrate({ dataDir: sqliteDataDir, databaseUrl });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET maintenance_work_mem = '256MB'`);
  const u = fixture.user;
  await client.query(
    `INSERT INTO "users" ("id","username","email","role","isConfirmed","webhookUrl","webhookSecret","apiKeyHash","apiKeyEncrypted") VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [u.id, u.username, u.email, u.role, true, u.webhookUrl, u.webhookSecret, u.apiKeyHash, u.apiKeyEncrypted],
  );
  await client.query(`INSERT INTO "organizations" ("id","name","ownerId","companyKey") VALUES ($1,$2,$3,$4)`, [
    fixture.organizationId,
    'Bench Corp',
    fixture.ownerId,
    fixture.companyKey,
  ]);
  for (const reviewer of fixture.reviewers) {
    await client.query(`INSERT INTO "users" ("id","username","email","usernameKey","emailKey","role","isConfirmed") VALUES ($1,$2,$3,$2,$3,'kyc',true)`, [
      reviewer.id,
      reviewer.username,
      reviewer.email,
    ]);
    await client.query(`INSERT INTO "organization_members" ("organizationId","userId") VALUES ($1,$2)`, [fixture.organizationId, reviewer.id]);
  }
  for (const tag of fixture.tags) {
    await client.query(`INSERT INTO "applicant_tag_definitions" ("id","organizationId","name","color") VALUES ($1,$2,$3,$4)`, [
      tag.id,
      fixture.organizationId,
      tag.name,
      tag.color,
    ]);
  }

  const { rows: indexes } = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'applicants' AND schemaname = current_schema()
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'applicants'::regclass)`,
  );
  for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
  await client.query(`ALTER TABLE "applicants" DISABLE TRIGGER USER`);

  const columns = APPLICANT_COLUMNS.map((c) => `"${c}"`).join(',');
  const unnest = APPLICANT_COLUMNS.map((c, i) => `$${i + 1}::${PG_TYPES[c] ?? 'text'}[]`).join(',');
  const sql = `INSERT INTO "applicants" (${columns}) SELECT * FROM unnest(${unnest})`;
  const bar = progressBar(`PostgreSQL: ${count.toLocaleString('en')} applicants`, count);
  await client.query('BEGIN');
  let inFlight = Promise.resolve();
  for (const rows of sqliteRows(sqliteDataDir)) {
    const arrays = APPLICANT_COLUMNS.map((_, i) => rows.map((row) => row[i]));
    await inFlight;
    inFlight = client.query(sql, arrays).then(() => bar.tick(rows.length));
  }
  await inFlight;
  await client.query('COMMIT');
  bar.done();

  const rebuild = progressBar('PostgreSQL: indexes, search index, counts, VACUUM ANALYZE', indexes.length + 2);
  await client.query(`ALTER TABLE "applicants" ENABLE TRIGGER USER`);
  for (const { indexname, indexdef } of indexes) {
    await client.query(indexdef);
    rebuild.tick(1, indexname);
  }
  for (const statement of rebuildApplicantDerivedData('postgres')) await client.query(statement);
  await client.query(
    `INSERT INTO "applicant_tags" ("applicantId","tagId") SELECT "id", substr("tagIds", 2, 36)::uuid FROM "applicants" WHERE "tagIds" IS NOT NULL`,
  );
  rebuild.tick(1);
  await client.query('VACUUM ANALYZE');
  rebuild.tick(1);
  rebuild.done();
  await client.end();
}

/** A spread of userIds of the seeded organization (for the details route and the streams). */
export function sampleUserIds(dataDir, count) {
  const db = new Database(join(dataDir, 'kyc.sqlite'), { readonly: true });
  try {
    const total = db.prepare(`SELECT COUNT(*) AS n FROM "applicants"`).get().n;
    const step = Math.max(1, Math.floor(total / count));
    return db.prepare(`SELECT "userId" FROM "applicants" WHERE rowid % ? = 0 LIMIT ?`).pluck().all(step, count);
  } finally {
    db.close();
  }
}
