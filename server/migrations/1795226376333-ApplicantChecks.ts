import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class ApplicantChecks1795226376333 implements MigrationInterface {
  name = 'ApplicantChecks1795226376333';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "applicant_checks" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "name" varchar(48) NOT NULL, "passed" boolean NOT NULL, "detail" varchar(500) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'CREATE INDEX "IDX_fba2d0a88eea305412687f3639" ON "applicant_checks" ("applicantId") ',
        'DROP INDEX "IDX_fba2d0a88eea305412687f3639"',
        'CREATE TABLE "temporary_applicant_checks" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "name" varchar(48) NOT NULL, "passed" boolean NOT NULL, "detail" varchar(500) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_fba2d0a88eea305412687f3639a" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_applicant_checks"("id", "applicantId", "name", "passed", "detail", "createdAt") SELECT "id", "applicantId", "name", "passed", "detail", "createdAt" FROM "applicant_checks"',
        'DROP TABLE "applicant_checks"',
        'ALTER TABLE "temporary_applicant_checks" RENAME TO "applicant_checks"',
        'CREATE INDEX "IDX_fba2d0a88eea305412687f3639" ON "applicant_checks" ("applicantId") ',
      ],
      postgres: [
        'CREATE TABLE "applicant_checks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "applicantId" uuid NOT NULL, "name" character varying(48) NOT NULL, "passed" boolean NOT NULL, "detail" character varying(500) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_460f25646bb9ca87ec06d8c7338" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_fba2d0a88eea305412687f3639" ON "applicant_checks"  ("applicantId") ',
        'ALTER TABLE "applicant_checks" ADD CONSTRAINT "FK_fba2d0a88eea305412687f3639a" FOREIGN KEY ("applicantId") REFERENCES "applicants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_fba2d0a88eea305412687f3639"',
        'ALTER TABLE "applicant_checks" RENAME TO "temporary_applicant_checks"',
        'CREATE TABLE "applicant_checks" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "name" varchar(48) NOT NULL, "passed" boolean NOT NULL, "detail" varchar(500) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'INSERT INTO "applicant_checks"("id", "applicantId", "name", "passed", "detail", "createdAt") SELECT "id", "applicantId", "name", "passed", "detail", "createdAt" FROM "temporary_applicant_checks"',
        'DROP TABLE "temporary_applicant_checks"',
        'CREATE INDEX "IDX_fba2d0a88eea305412687f3639" ON "applicant_checks" ("applicantId") ',
        'DROP INDEX "IDX_fba2d0a88eea305412687f3639"',
        'DROP TABLE "applicant_checks"',
      ],
      postgres: [
        'ALTER TABLE "applicant_checks" DROP CONSTRAINT "FK_fba2d0a88eea305412687f3639a"',
        'DROP INDEX "public"."IDX_fba2d0a88eea305412687f3639"',
        'DROP TABLE "applicant_checks"',
      ],
    });
  }
}
