import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class ApplicantErasures1795544509593 implements MigrationInterface {
  name = 'ApplicantErasures1795544509593';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "applicant_erasures" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar NOT NULL, "userIdHash" varchar(64) NOT NULL, "erasedById" varchar, "erasedByName" varchar(64) NOT NULL, "reason" varchar(500) NOT NULL, "erasedAt" datetime NOT NULL)',
        'CREATE INDEX "IDX_3b2d8c48ca93e574b2d73ebbbd" ON "applicant_erasures" ("organizationId", "userIdHash") ',
        'DROP INDEX "IDX_3b2d8c48ca93e574b2d73ebbbd"',
        'CREATE TABLE "temporary_applicant_erasures" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar NOT NULL, "userIdHash" varchar(64) NOT NULL, "erasedById" varchar, "erasedByName" varchar(64) NOT NULL, "reason" varchar(500) NOT NULL, "erasedAt" datetime NOT NULL, CONSTRAINT "FK_42d70978ad89d3d380d18b3a110" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_applicant_erasures"("id", "organizationId", "applicantId", "userIdHash", "erasedById", "erasedByName", "reason", "erasedAt") SELECT "id", "organizationId", "applicantId", "userIdHash", "erasedById", "erasedByName", "reason", "erasedAt" FROM "applicant_erasures"',
        'DROP TABLE "applicant_erasures"',
        'ALTER TABLE "temporary_applicant_erasures" RENAME TO "applicant_erasures"',
        'CREATE INDEX "IDX_3b2d8c48ca93e574b2d73ebbbd" ON "applicant_erasures" ("organizationId", "userIdHash") ',
      ],
      postgres: [
        'CREATE TABLE "applicant_erasures" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organizationId" uuid NOT NULL, "applicantId" uuid NOT NULL, "userIdHash" character varying(64) NOT NULL, "erasedById" uuid, "erasedByName" character varying(64) NOT NULL, "reason" character varying(500) NOT NULL, "erasedAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_0bb98ca33eb4ced1d30b6728244" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_3b2d8c48ca93e574b2d73ebbbd" ON "applicant_erasures"  ("organizationId", "userIdHash") ',
        'ALTER TABLE "applicant_erasures" ADD CONSTRAINT "FK_42d70978ad89d3d380d18b3a110" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_3b2d8c48ca93e574b2d73ebbbd"',
        'ALTER TABLE "applicant_erasures" RENAME TO "temporary_applicant_erasures"',
        'CREATE TABLE "applicant_erasures" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar NOT NULL, "userIdHash" varchar(64) NOT NULL, "erasedById" varchar, "erasedByName" varchar(64) NOT NULL, "reason" varchar(500) NOT NULL, "erasedAt" datetime NOT NULL)',
        'INSERT INTO "applicant_erasures"("id", "organizationId", "applicantId", "userIdHash", "erasedById", "erasedByName", "reason", "erasedAt") SELECT "id", "organizationId", "applicantId", "userIdHash", "erasedById", "erasedByName", "reason", "erasedAt" FROM "temporary_applicant_erasures"',
        'DROP TABLE "temporary_applicant_erasures"',
        'CREATE INDEX "IDX_3b2d8c48ca93e574b2d73ebbbd" ON "applicant_erasures" ("organizationId", "userIdHash") ',
        'DROP INDEX "IDX_3b2d8c48ca93e574b2d73ebbbd"',
        'DROP TABLE "applicant_erasures"',
      ],
      postgres: [
        'ALTER TABLE "applicant_erasures" DROP CONSTRAINT "FK_42d70978ad89d3d380d18b3a110"',
        'DROP INDEX "IDX_3b2d8c48ca93e574b2d73ebbbd"',
        'DROP TABLE "applicant_erasures"',
      ],
    });
  }
}
