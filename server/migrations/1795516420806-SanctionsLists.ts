import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/** Sanctions list imports (one active version per list) and the listed entities of each. */
export class SanctionsLists1795516420806 implements MigrationInterface {
  name = 'SanctionsLists1795516420806';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "sanctions_list_imports" ("id" varchar PRIMARY KEY NOT NULL, "source" varchar(32), "format" varchar(16), "version" varchar(64), "fileName" varchar(255) NOT NULL, "sha256" varchar(64) NOT NULL, "entityCount" integer NOT NULL DEFAULT (0), "personCount" integer NOT NULL DEFAULT (0), "status" varchar(16) NOT NULL, "error" varchar(1000), "trigger" varchar(16) NOT NULL, "importedById" varchar, "importedByName" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'CREATE INDEX "IDX_4a40feb57a3c9c8da14da27d68" ON "sanctions_list_imports" ("sha256") ',
        'CREATE INDEX "IDX_170ca4ea17f4b4892fba3741d4" ON "sanctions_list_imports" ("source", "status") ',
        'CREATE TABLE "sanctions_list_entities" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "importId" varchar NOT NULL, "source" varchar(32) NOT NULL, "externalId" varchar(64) NOT NULL, "kind" varchar(16) NOT NULL, "name" varchar(1000) NOT NULL, "aliases" text NOT NULL, "datesOfBirth" text NOT NULL, "nationalities" text NOT NULL, "programmes" text NOT NULL)',
        'CREATE INDEX "IDX_f0ec7d32776c677893c22c2fca" ON "sanctions_list_entities" ("importId") ',
        'DROP INDEX "IDX_f0ec7d32776c677893c22c2fca"',
        'CREATE TABLE "temporary_sanctions_list_entities" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "importId" varchar NOT NULL, "source" varchar(32) NOT NULL, "externalId" varchar(64) NOT NULL, "kind" varchar(16) NOT NULL, "name" varchar(1000) NOT NULL, "aliases" text NOT NULL, "datesOfBirth" text NOT NULL, "nationalities" text NOT NULL, "programmes" text NOT NULL, CONSTRAINT "FK_f0ec7d32776c677893c22c2fca6" FOREIGN KEY ("importId") REFERENCES "sanctions_list_imports" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_sanctions_list_entities"("id", "importId", "source", "externalId", "kind", "name", "aliases", "datesOfBirth", "nationalities", "programmes") SELECT "id", "importId", "source", "externalId", "kind", "name", "aliases", "datesOfBirth", "nationalities", "programmes" FROM "sanctions_list_entities"',
        'DROP TABLE "sanctions_list_entities"',
        'ALTER TABLE "temporary_sanctions_list_entities" RENAME TO "sanctions_list_entities"',
        'CREATE INDEX "IDX_f0ec7d32776c677893c22c2fca" ON "sanctions_list_entities" ("importId") ',
      ],
      postgres: [
        'CREATE TABLE "sanctions_list_imports" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "source" character varying(32), "format" character varying(16), "version" character varying(64), "fileName" character varying(255) NOT NULL, "sha256" character varying(64) NOT NULL, "entityCount" integer NOT NULL DEFAULT \'0\', "personCount" integer NOT NULL DEFAULT \'0\', "status" character varying(16) NOT NULL, "error" character varying(1000), "trigger" character varying(16) NOT NULL, "importedById" uuid, "importedByName" character varying(64) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d445d986b9346eabd477e84d5a0" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_4a40feb57a3c9c8da14da27d68" ON "sanctions_list_imports"  ("sha256") ',
        'CREATE INDEX "IDX_170ca4ea17f4b4892fba3741d4" ON "sanctions_list_imports"  ("source", "status") ',
        'CREATE TABLE "sanctions_list_entities" ("id" SERIAL NOT NULL, "importId" uuid NOT NULL, "source" character varying(32) NOT NULL, "externalId" character varying(64) NOT NULL, "kind" character varying(16) NOT NULL, "name" character varying(1000) NOT NULL, "aliases" text NOT NULL, "datesOfBirth" text NOT NULL, "nationalities" text NOT NULL, "programmes" text NOT NULL, CONSTRAINT "PK_eee3a9155d1da3187160f009e37" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_f0ec7d32776c677893c22c2fca" ON "sanctions_list_entities"  ("importId") ',
        'ALTER TABLE "sanctions_list_entities" ADD CONSTRAINT "FK_f0ec7d32776c677893c22c2fca6" FOREIGN KEY ("importId") REFERENCES "sanctions_list_imports"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_f0ec7d32776c677893c22c2fca"',
        'ALTER TABLE "sanctions_list_entities" RENAME TO "temporary_sanctions_list_entities"',
        'CREATE TABLE "sanctions_list_entities" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "importId" varchar NOT NULL, "source" varchar(32) NOT NULL, "externalId" varchar(64) NOT NULL, "kind" varchar(16) NOT NULL, "name" varchar(1000) NOT NULL, "aliases" text NOT NULL, "datesOfBirth" text NOT NULL, "nationalities" text NOT NULL, "programmes" text NOT NULL)',
        'INSERT INTO "sanctions_list_entities"("id", "importId", "source", "externalId", "kind", "name", "aliases", "datesOfBirth", "nationalities", "programmes") SELECT "id", "importId", "source", "externalId", "kind", "name", "aliases", "datesOfBirth", "nationalities", "programmes" FROM "temporary_sanctions_list_entities"',
        'DROP TABLE "temporary_sanctions_list_entities"',
        'CREATE INDEX "IDX_f0ec7d32776c677893c22c2fca" ON "sanctions_list_entities" ("importId") ',
        'DROP INDEX "IDX_f0ec7d32776c677893c22c2fca"',
        'DROP TABLE "sanctions_list_entities"',
        'DROP INDEX "IDX_170ca4ea17f4b4892fba3741d4"',
        'DROP INDEX "IDX_4a40feb57a3c9c8da14da27d68"',
        'DROP TABLE "sanctions_list_imports"',
      ],
      postgres: [
        'ALTER TABLE "sanctions_list_entities" DROP CONSTRAINT "FK_f0ec7d32776c677893c22c2fca6"',
        'DROP INDEX "IDX_f0ec7d32776c677893c22c2fca"',
        'DROP TABLE "sanctions_list_entities"',
        'DROP INDEX "IDX_170ca4ea17f4b4892fba3741d4"',
        'DROP INDEX "IDX_4a40feb57a3c9c8da14da27d68"',
        'DROP TABLE "sanctions_list_imports"',
      ],
    });
  }
}
