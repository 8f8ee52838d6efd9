import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class WorkQueue1795530232367 implements MigrationInterface {
  name = 'WorkQueue1795530232367';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "applicant_tag_definitions" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "name" varchar(40) NOT NULL, "color" varchar(16) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'CREATE UNIQUE INDEX "IDX_1f5b116522e0bcc32042415af0" ON "applicant_tag_definitions" ("organizationId", "name") ',
        'CREATE TABLE "applicant_tags" ("applicantId" varchar NOT NULL, "tagId" varchar NOT NULL, PRIMARY KEY ("applicantId", "tagId"))',
        'CREATE INDEX "IDX_50970d826babe967121ea3b1a1" ON "applicant_tags" ("tagId", "applicantId") ',
        'CREATE TABLE "applicant_views" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "ownerId" varchar NOT NULL, "name" varchar(80) NOT NULL, "query" varchar(2000) NOT NULL, "shared" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'CREATE INDEX "IDX_52e1ed0dcf1c016ddc4e47386a" ON "applicant_views" ("organizationId", "ownerId") ',
        'CREATE TABLE "user_preferences" ("userId" varchar PRIMARY KEY NOT NULL, "settings" text NOT NULL, "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        // ADD COLUMN, not the rebuild TypeORM proposes: a rebuild would drop the search
        // indexes, the FTS5 triggers and the counter triggers that live on this table.
        'ALTER TABLE "applicants" ADD COLUMN "assigneeId" varchar REFERENCES "users" ("id") ON DELETE SET NULL',
        'ALTER TABLE "applicants" ADD COLUMN "assignedAt" datetime',
        'ALTER TABLE "applicants" ADD COLUMN "flaggedChecks" varchar(500)',
        'ALTER TABLE "applicants" ADD COLUMN "tagIds" varchar(2000)',
        'CREATE INDEX "IDX_f871cd0f4499bbb0db14abf487" ON "applicants" ("organizationId", "flaggedChecks", "userId")',
        'CREATE INDEX "IDX_e1d5dc6a4ab635dc92b414921c" ON "applicants" ("organizationId", "assigneeId", "userId")',
        'CREATE INDEX "IDX_14643e08efe6011a7e1fdc7164" ON "applicants" ("organizationId", "submittedAt", "userId")',
        // The flags of the checks already recorded (list/flagged-checks.ts keeps them from now on).
        `UPDATE "applicants" SET "flaggedChecks" = (SELECT ',' || group_concat("name", ',') || ',' FROM (SELECT "name" FROM "applicant_checks" "c" WHERE "c"."applicantId" = "applicants"."id" AND "c"."verdict" IN ('failed', 'needs-review') ORDER BY "name")) WHERE "id" IN (SELECT "applicantId" FROM "applicant_checks" WHERE "verdict" IN ('failed', 'needs-review'))`,
        'DROP INDEX "IDX_1f5b116522e0bcc32042415af0"',
        'CREATE TABLE "temporary_applicant_tag_definitions" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "name" varchar(40) NOT NULL, "color" varchar(16) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_53333d84afa8575dd456e4b4805" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_applicant_tag_definitions"("id", "organizationId", "name", "color", "createdAt") SELECT "id", "organizationId", "name", "color", "createdAt" FROM "applicant_tag_definitions"',
        'DROP TABLE "applicant_tag_definitions"',
        'ALTER TABLE "temporary_applicant_tag_definitions" RENAME TO "applicant_tag_definitions"',
        'CREATE UNIQUE INDEX "IDX_1f5b116522e0bcc32042415af0" ON "applicant_tag_definitions" ("organizationId", "name") ',
        'DROP INDEX "IDX_50970d826babe967121ea3b1a1"',
        'CREATE TABLE "temporary_applicant_tags" ("applicantId" varchar NOT NULL, "tagId" varchar NOT NULL, CONSTRAINT "FK_77a12c9ab761f326d5f29c0822b" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_504a63f40aa2e741adc2143e95d" FOREIGN KEY ("tagId") REFERENCES "applicant_tag_definitions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("applicantId", "tagId"))',
        'INSERT INTO "temporary_applicant_tags"("applicantId", "tagId") SELECT "applicantId", "tagId" FROM "applicant_tags"',
        'DROP TABLE "applicant_tags"',
        'ALTER TABLE "temporary_applicant_tags" RENAME TO "applicant_tags"',
        'CREATE INDEX "IDX_50970d826babe967121ea3b1a1" ON "applicant_tags" ("tagId", "applicantId") ',
        'DROP INDEX "IDX_52e1ed0dcf1c016ddc4e47386a"',
        'CREATE TABLE "temporary_applicant_views" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "ownerId" varchar NOT NULL, "name" varchar(80) NOT NULL, "query" varchar(2000) NOT NULL, "shared" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_0df2273e2b709028261a4cfad4b" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_357037e6b68adb9380c3287d5c3" FOREIGN KEY ("ownerId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_applicant_views"("id", "organizationId", "ownerId", "name", "query", "shared", "createdAt") SELECT "id", "organizationId", "ownerId", "name", "query", "shared", "createdAt" FROM "applicant_views"',
        'DROP TABLE "applicant_views"',
        'ALTER TABLE "temporary_applicant_views" RENAME TO "applicant_views"',
        'CREATE INDEX "IDX_52e1ed0dcf1c016ddc4e47386a" ON "applicant_views" ("organizationId", "ownerId") ',
        'CREATE TABLE "temporary_user_preferences" ("userId" varchar PRIMARY KEY NOT NULL, "settings" text NOT NULL, "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_b6202d1cacc63a0b9c8dac2abd4" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_user_preferences"("userId", "settings", "updatedAt") SELECT "userId", "settings", "updatedAt" FROM "user_preferences"',
        'DROP TABLE "user_preferences"',
        'ALTER TABLE "temporary_user_preferences" RENAME TO "user_preferences"',
      ],
      postgres: [
        'CREATE TABLE "applicant_tag_definitions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organizationId" uuid NOT NULL, "name" character varying(40) NOT NULL, "color" character varying(16) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e78bc3ffe77080a101da192e309" PRIMARY KEY ("id"))',
        'CREATE UNIQUE INDEX "IDX_1f5b116522e0bcc32042415af0" ON "applicant_tag_definitions"  ("organizationId", "name") ',
        'CREATE TABLE "applicant_tags" ("applicantId" uuid NOT NULL, "tagId" uuid NOT NULL, CONSTRAINT "PK_50970d826babe967121ea3b1a15" PRIMARY KEY ("applicantId", "tagId"))',
        'CREATE INDEX "IDX_50970d826babe967121ea3b1a1" ON "applicant_tags"  ("tagId", "applicantId") ',
        'CREATE TABLE "applicant_views" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organizationId" uuid NOT NULL, "ownerId" uuid NOT NULL, "name" character varying(80) NOT NULL, "query" character varying(2000) NOT NULL, "shared" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c23020aa768fde8422f466758ee" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_52e1ed0dcf1c016ddc4e47386a" ON "applicant_views"  ("organizationId", "ownerId") ',
        'CREATE TABLE "user_preferences" ("userId" uuid NOT NULL, "settings" text NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b6202d1cacc63a0b9c8dac2abd4" PRIMARY KEY ("userId"))',
        'ALTER TABLE "applicants" ADD "assigneeId" uuid',
        'ALTER TABLE "applicants" ADD "assignedAt" TIMESTAMP WITH TIME ZONE',
        'ALTER TABLE "applicants" ADD "flaggedChecks" character varying(500)',
        'ALTER TABLE "applicants" ADD "tagIds" character varying(2000)',
        'CREATE INDEX "IDX_f871cd0f4499bbb0db14abf487" ON "applicants"  ("organizationId", "flaggedChecks", "userId") ',
        'CREATE INDEX "IDX_e1d5dc6a4ab635dc92b414921c" ON "applicants"  ("organizationId", "assigneeId", "userId") ',
        'CREATE INDEX "IDX_14643e08efe6011a7e1fdc7164" ON "applicants"  ("organizationId", "submittedAt", "userId") ',
        `UPDATE "applicants" "a" SET "flaggedChecks" = ',' || "f"."names" || ',' FROM (SELECT "applicantId", string_agg("name", ',' ORDER BY "name") AS "names" FROM "applicant_checks" WHERE "verdict" IN ('failed', 'needs-review') GROUP BY "applicantId") "f" WHERE "f"."applicantId" = "a"."id"`,
        'ALTER TABLE "applicants" ADD CONSTRAINT "FK_1ae99a977cf4df32a08d2d97719" FOREIGN KEY ("assigneeId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
        'ALTER TABLE "applicant_tag_definitions" ADD CONSTRAINT "FK_53333d84afa8575dd456e4b4805" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "applicant_tags" ADD CONSTRAINT "FK_77a12c9ab761f326d5f29c0822b" FOREIGN KEY ("applicantId") REFERENCES "applicants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "applicant_tags" ADD CONSTRAINT "FK_504a63f40aa2e741adc2143e95d" FOREIGN KEY ("tagId") REFERENCES "applicant_tag_definitions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "applicant_views" ADD CONSTRAINT "FK_0df2273e2b709028261a4cfad4b" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "applicant_views" ADD CONSTRAINT "FK_357037e6b68adb9380c3287d5c3" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "user_preferences" ADD CONSTRAINT "FK_b6202d1cacc63a0b9c8dac2abd4" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP TABLE "user_preferences"',
        'DROP TABLE "applicant_views"',
        'DROP TABLE "applicant_tags"',
        'DROP TABLE "applicant_tag_definitions"',
        'DROP INDEX "IDX_14643e08efe6011a7e1fdc7164"',
        'DROP INDEX "IDX_e1d5dc6a4ab635dc92b414921c"',
        'DROP INDEX "IDX_f871cd0f4499bbb0db14abf487"',
        'ALTER TABLE "applicants" DROP COLUMN "tagIds"',
        'ALTER TABLE "applicants" DROP COLUMN "flaggedChecks"',
        'ALTER TABLE "applicants" DROP COLUMN "assignedAt"',
        'ALTER TABLE "applicants" DROP COLUMN "assigneeId"',
      ],
      postgres: [
        'ALTER TABLE "user_preferences" DROP CONSTRAINT "FK_b6202d1cacc63a0b9c8dac2abd4"',
        'ALTER TABLE "applicant_views" DROP CONSTRAINT "FK_357037e6b68adb9380c3287d5c3"',
        'ALTER TABLE "applicant_views" DROP CONSTRAINT "FK_0df2273e2b709028261a4cfad4b"',
        'ALTER TABLE "applicant_tags" DROP CONSTRAINT "FK_504a63f40aa2e741adc2143e95d"',
        'ALTER TABLE "applicant_tags" DROP CONSTRAINT "FK_77a12c9ab761f326d5f29c0822b"',
        'ALTER TABLE "applicant_tag_definitions" DROP CONSTRAINT "FK_53333d84afa8575dd456e4b4805"',
        'ALTER TABLE "applicants" DROP CONSTRAINT "FK_1ae99a977cf4df32a08d2d97719"',
        'DROP INDEX "IDX_14643e08efe6011a7e1fdc7164"',
        'DROP INDEX "IDX_e1d5dc6a4ab635dc92b414921c"',
        'DROP INDEX "IDX_f871cd0f4499bbb0db14abf487"',
        'ALTER TABLE "applicants" DROP COLUMN "tagIds"',
        'ALTER TABLE "applicants" DROP COLUMN "flaggedChecks"',
        'ALTER TABLE "applicants" DROP COLUMN "assignedAt"',
        'ALTER TABLE "applicants" DROP COLUMN "assigneeId"',
        'DROP TABLE "user_preferences"',
        'DROP INDEX "IDX_52e1ed0dcf1c016ddc4e47386a"',
        'DROP TABLE "applicant_views"',
        'DROP INDEX "IDX_50970d826babe967121ea3b1a1"',
        'DROP TABLE "applicant_tags"',
        'DROP INDEX "IDX_1f5b116522e0bcc32042415af0"',
        'DROP TABLE "applicant_tag_definitions"',
      ],
    });
  }
}
