import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class AnalysisJobs1795486492113 implements MigrationInterface {
  name = 'AnalysisJobs1795486492113';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        // One CREATE with its foreign key, instead of the generator's create-then-rebuild.
        'CREATE TABLE "analysis_jobs" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "kind" varchar(32) NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "runs" integer NOT NULL DEFAULT (1), "runAfter" datetime NOT NULL, "lockedBy" varchar(64), "lockedUntil" datetime, "lastError" varchar(500), "finishedAt" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_a850a37d55320cf36ca68abf383" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'CREATE INDEX "IDX_2cf2fcc42c7f3be49ef72e3ed6" ON "analysis_jobs" ("status", "runAfter") ',
        'CREATE UNIQUE INDEX "IDX_20aff28b6641102dddb3f0038f" ON "analysis_jobs" ("applicantId", "kind") ',
      ],
      postgres: [
        'CREATE TABLE "analysis_jobs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "applicantId" uuid NOT NULL, "kind" character varying(32) NOT NULL, "status" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT \'0\', "runs" integer NOT NULL DEFAULT \'1\', "runAfter" TIMESTAMP WITH TIME ZONE NOT NULL, "lockedBy" character varying(64), "lockedUntil" TIMESTAMP WITH TIME ZONE, "lastError" character varying(500), "finishedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ed5ebf2c133df30c3fb2f633836" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_2cf2fcc42c7f3be49ef72e3ed6" ON "analysis_jobs"  ("status", "runAfter") ',
        'CREATE UNIQUE INDEX "IDX_20aff28b6641102dddb3f0038f" ON "analysis_jobs"  ("applicantId", "kind") ',
        'ALTER TABLE "analysis_jobs" ADD CONSTRAINT "FK_a850a37d55320cf36ca68abf383" FOREIGN KEY ("applicantId") REFERENCES "applicants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['DROP INDEX "IDX_20aff28b6641102dddb3f0038f"', 'DROP INDEX "IDX_2cf2fcc42c7f3be49ef72e3ed6"', 'DROP TABLE "analysis_jobs"'],
      postgres: [
        'ALTER TABLE "analysis_jobs" DROP CONSTRAINT "FK_a850a37d55320cf36ca68abf383"',
        'DROP INDEX "IDX_20aff28b6641102dddb3f0038f"',
        'DROP INDEX "IDX_2cf2fcc42c7f3be49ef72e3ed6"',
        'DROP TABLE "analysis_jobs"',
      ],
    });
  }
}
