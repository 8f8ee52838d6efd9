import type { SqlDialect } from '../database/plain-sql.js';

/**
 * The database objects behind the applicants list at scale, which TypeORM cannot
 * describe: per-organization counts kept by triggers, and the search access paths.
 * Created by the ApplicantListSearch migration; `rebuildApplicantDerivedData` refills
 * the derived data after a bulk load that bypassed the triggers (bench/lib/seed.mjs).
 *
 * - `applicant_counts` (organizationId, total, version): `total` is the exact number of
 *   applicants of the organization; `version` grows with every committed insert, update
 *   or delete of one of its applicants, so anything cached from a read at version v is
 *   still exact while the version is v (applicant-list.reader.ts).
 * - userId / docNumber prefix search: a case-insensitive B-tree per organization
 *   (COLLATE NOCASE on SQLite, lower(…) text_pattern_ops on PostgreSQL).
 * - name substring search: pg_trgm GIN on PostgreSQL; on SQLite a contentless FTS5
 *   trigram table whose rowid is the applicant's rowid, kept in sync by triggers.
 *
 * On SQLite, a future migration that rebuilds the applicants table (TypeORM's
 * "temporary_applicants" copy) drops its triggers and renumbers its rowids: it must
 * re-run APPLICANT_SQLITE_TRIGGERS and rebuildApplicantDerivedData('sqlite') afterwards.
 * The applicants API suite fails (search finds nobody) if that is forgotten.
 */

export const APPLICANT_SEARCH_INDEXES = {
  userIdPrefix: 'IDX_applicants_userId_prefix',
  docNumberPrefix: 'IDX_applicants_docNumber_prefix',
  nameTrigram: 'IDX_applicants_name_trigram',
} as const;

export const APPLICANT_COUNTS_TABLE = 'applicant_counts';
export const APPLICANT_SEARCH_FTS_TABLE = 'applicants_search';

const SQLITE_TABLES = [
  `CREATE TABLE "applicant_counts" ("organizationId" varchar PRIMARY KEY NOT NULL, "total" integer NOT NULL DEFAULT (0), "version" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_applicant_counts_organization" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE)`,
  `CREATE VIRTUAL TABLE "applicants_search" USING fts5("name", content='', contentless_delete=1, tokenize='trigram')`,
  `CREATE INDEX "${APPLICANT_SEARCH_INDEXES.userIdPrefix}" ON "applicants" ("organizationId", "userId" COLLATE NOCASE)`,
  `CREATE INDEX "${APPLICANT_SEARCH_INDEXES.docNumberPrefix}" ON "applicants" ("organizationId", "docNumber" COLLATE NOCASE)`,
];

/** The SQLite triggers keeping applicant_counts and applicants_search in step with applicants. */
export const APPLICANT_SQLITE_TRIGGERS = [
  `CREATE TRIGGER "applicants_derived_insert" AFTER INSERT ON "applicants" BEGIN
    INSERT INTO "applicant_counts" ("organizationId", "total", "version") VALUES (new."organizationId", 1, 1)
      ON CONFLICT ("organizationId") DO UPDATE SET "total" = "total" + 1, "version" = "version" + 1;
    INSERT INTO "applicants_search" ("rowid", "name") VALUES (new."rowid", new."name");
  END`,
  `CREATE TRIGGER "applicants_derived_delete" AFTER DELETE ON "applicants" BEGIN
    UPDATE "applicant_counts" SET "total" = "total" - 1, "version" = "version" + 1 WHERE "organizationId" = old."organizationId";
    DELETE FROM "applicants_search" WHERE "rowid" = old."rowid";
  END`,
  `CREATE TRIGGER "applicants_derived_update" AFTER UPDATE ON "applicants" BEGIN
    UPDATE "applicant_counts" SET "version" = "version" + 1 WHERE "organizationId" IN (old."organizationId", new."organizationId");
  END`,
  `CREATE TRIGGER "applicants_derived_move" AFTER UPDATE OF "organizationId" ON "applicants" WHEN old."organizationId" <> new."organizationId" BEGIN
    UPDATE "applicant_counts" SET "total" = "total" - 1 WHERE "organizationId" = old."organizationId";
    INSERT INTO "applicant_counts" ("organizationId", "total", "version") VALUES (new."organizationId", 1, 1)
      ON CONFLICT ("organizationId") DO UPDATE SET "total" = "total" + 1;
  END`,
  `CREATE TRIGGER "applicants_derived_name" AFTER UPDATE OF "name" ON "applicants" WHEN old."name" IS NOT new."name" BEGIN
    DELETE FROM "applicants_search" WHERE "rowid" = old."rowid";
    INSERT INTO "applicants_search" ("rowid", "name") VALUES (new."rowid", new."name");
  END`,
];

/**
 * PostgreSQL: statement-level triggers with transition tables, so a multi-row INSERT
 * touches its organization's counter once, not once per row.
 */
function postgresObjects(trigramSchema: string): string[] {
  const trgm = `"${trigramSchema.replace(/"/g, '""')}".gin_trgm_ops`;
  const fn = (name: string, body: string) =>
    `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
BEGIN
${body}
  RETURN NULL;
END
$fn$`;
  return [
    `CREATE INDEX "${APPLICANT_SEARCH_INDEXES.userIdPrefix}" ON "applicants" ("organizationId", lower("userId") text_pattern_ops)`,
    `CREATE INDEX "${APPLICANT_SEARCH_INDEXES.docNumberPrefix}" ON "applicants" ("organizationId", lower("docNumber") text_pattern_ops)`,
    `CREATE INDEX "${APPLICANT_SEARCH_INDEXES.nameTrigram}" ON "applicants" USING gin ("name" ${trgm})`,
    `CREATE TABLE "applicant_counts" ("organizationId" uuid NOT NULL, "total" integer NOT NULL DEFAULT 0, "version" bigint NOT NULL DEFAULT 0, CONSTRAINT "PK_applicant_counts" PRIMARY KEY ("organizationId"), CONSTRAINT "FK_applicant_counts_organization" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE)`,
    fn(
      'applicant_counts_after_insert',
      `  INSERT INTO "applicant_counts" AS c ("organizationId", "total", "version")
    SELECT "organizationId", count(*), 1 FROM new_rows GROUP BY "organizationId"
    ON CONFLICT ("organizationId") DO UPDATE SET "total" = c."total" + EXCLUDED."total", "version" = c."version" + 1;`,
    ),
    fn(
      'applicant_counts_after_delete',
      `  UPDATE "applicant_counts" c SET "total" = c."total" - d.n, "version" = c."version" + 1
    FROM (SELECT "organizationId", count(*) AS n FROM old_rows GROUP BY "organizationId") d
    WHERE c."organizationId" = d."organizationId";`,
    ),
    fn(
      'applicant_counts_after_update',
      `  INSERT INTO "applicant_counts" AS c ("organizationId", "total", "version")
    SELECT "organizationId", sum(n), 1 FROM (
      SELECT "organizationId", 1 AS n FROM new_rows UNION ALL SELECT "organizationId", -1 FROM old_rows
    ) moved GROUP BY "organizationId"
    ON CONFLICT ("organizationId") DO UPDATE SET "total" = c."total" + EXCLUDED."total", "version" = c."version" + 1;`,
    ),
    `CREATE TRIGGER "applicant_counts_after_insert" AFTER INSERT ON "applicants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "applicant_counts_after_insert"()`,
    `CREATE TRIGGER "applicant_counts_after_delete" AFTER DELETE ON "applicants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "applicant_counts_after_delete"()`,
    `CREATE TRIGGER "applicant_counts_after_update" AFTER UPDATE ON "applicants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "applicant_counts_after_update"()`,
  ];
}

/**
 * pg_trgm ships with PostgreSQL and is a trusted extension (13+). It goes to `public`
 * unless it is already installed elsewhere; the operator class is then named with the
 * schema that holds it. The exception block absorbs a concurrent CREATE EXTENSION.
 */
export const POSTGRES_TRIGRAM_EXTENSION = `DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$`;

export const POSTGRES_TRIGRAM_SCHEMA_QUERY = `SELECT n.nspname AS "schema" FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`;

/** Everything the migration creates, after the extension exists (PostgreSQL). */
export function applicantListSchemaUp(dialect: SqlDialect, trigramSchema = 'public'): string[] {
  const objects = dialect === 'sqlite' ? [...SQLITE_TABLES, ...APPLICANT_SQLITE_TRIGGERS] : postgresObjects(trigramSchema);
  return [...objects, ...rebuildApplicantDerivedData(dialect)];
}

export function applicantListSchemaDown(dialect: SqlDialect): string[] {
  if (dialect === 'sqlite') {
    return [
      `DROP TRIGGER "applicants_derived_name"`,
      `DROP TRIGGER "applicants_derived_move"`,
      `DROP TRIGGER "applicants_derived_update"`,
      `DROP TRIGGER "applicants_derived_delete"`,
      `DROP TRIGGER "applicants_derived_insert"`,
      `DROP INDEX "${APPLICANT_SEARCH_INDEXES.docNumberPrefix}"`,
      `DROP INDEX "${APPLICANT_SEARCH_INDEXES.userIdPrefix}"`,
      `DROP TABLE "applicants_search"`,
      `DROP TABLE "applicant_counts"`,
    ];
  }
  return [
    `DROP TRIGGER "applicant_counts_after_update" ON "applicants"`,
    `DROP TRIGGER "applicant_counts_after_delete" ON "applicants"`,
    `DROP TRIGGER "applicant_counts_after_insert" ON "applicants"`,
    `DROP FUNCTION "applicant_counts_after_update"()`,
    `DROP FUNCTION "applicant_counts_after_delete"()`,
    `DROP FUNCTION "applicant_counts_after_insert"()`,
    `DROP TABLE "applicant_counts"`,
    `DROP INDEX "${APPLICANT_SEARCH_INDEXES.nameTrigram}"`,
    `DROP INDEX "${APPLICANT_SEARCH_INDEXES.docNumberPrefix}"`,
    `DROP INDEX "${APPLICANT_SEARCH_INDEXES.userIdPrefix}"`,
  ];
}

/** Recomputes the counts (and, on SQLite, the name search table) from the applicants rows. */
export function rebuildApplicantDerivedData(dialect: SqlDialect): string[] {
  const counts = [
    `DELETE FROM "applicant_counts"`,
    `INSERT INTO "applicant_counts" ("organizationId", "total", "version") SELECT "organizationId", COUNT(*), 1 FROM "applicants" GROUP BY "organizationId"`,
  ];
  if (dialect === 'postgres') return counts;
  return [
    ...counts,
    `INSERT INTO "applicants_search" ("applicants_search") VALUES ('delete-all')`,
    `INSERT INTO "applicants_search" ("rowid", "name") SELECT "rowid", "name" FROM "applicants"`,
  ];
}
