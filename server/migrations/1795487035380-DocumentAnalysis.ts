import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/** Checks get a verdict (passed, failed, needs-review, unavailable), a score and evidence; applicants the data read from their document. */
export class DocumentAnalysis1795487035380 implements MigrationInterface {
  name = 'DocumentAnalysis1795487035380';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      // ADD COLUMN rather than TypeORM's table rebuilds: a rebuild of applicants would drop
      // the search indexes and the triggers that keep the list's counts and FTS table.
      sqlite: [
        'ALTER TABLE "applicant_checks" ADD COLUMN "verdict" varchar(16) NOT NULL DEFAULT (\'unavailable\')',
        'ALTER TABLE "applicant_checks" ADD COLUMN "score" float',
        'ALTER TABLE "applicant_checks" ADD COLUMN "evidence" text',
        'UPDATE "applicant_checks" SET "verdict" = CASE WHEN "passed" THEN \'passed\' ELSE \'failed\' END',
        'ALTER TABLE "applicant_checks" DROP COLUMN "passed"',
        'ALTER TABLE "applicants" ADD COLUMN "documentData" text',
      ],
      postgres: [
        'ALTER TABLE "applicant_checks" ADD "verdict" character varying(16) NOT NULL DEFAULT \'unavailable\'',
        'ALTER TABLE "applicant_checks" ADD "score" double precision',
        'ALTER TABLE "applicant_checks" ADD "evidence" text',
        'UPDATE "applicant_checks" SET "verdict" = CASE WHEN "passed" THEN \'passed\' ELSE \'failed\' END',
        'ALTER TABLE "applicant_checks" DROP COLUMN "passed"',
        'ALTER TABLE "applicants" ADD "documentData" text',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'ALTER TABLE "applicants" DROP COLUMN "documentData"',
        'ALTER TABLE "applicant_checks" ADD COLUMN "passed" boolean NOT NULL DEFAULT (0)',
        'UPDATE "applicant_checks" SET "passed" = ("verdict" = \'passed\')',
        'ALTER TABLE "applicant_checks" DROP COLUMN "evidence"',
        'ALTER TABLE "applicant_checks" DROP COLUMN "score"',
        'ALTER TABLE "applicant_checks" DROP COLUMN "verdict"',
      ],
      postgres: [
        'ALTER TABLE "applicants" DROP COLUMN "documentData"',
        'ALTER TABLE "applicant_checks" ADD "passed" boolean NOT NULL DEFAULT false',
        'UPDATE "applicant_checks" SET "passed" = ("verdict" = \'passed\')',
        'ALTER TABLE "applicant_checks" DROP COLUMN "evidence"',
        'ALTER TABLE "applicant_checks" DROP COLUMN "score"',
        'ALTER TABLE "applicant_checks" DROP COLUMN "verdict"',
      ],
    });
  }
}
