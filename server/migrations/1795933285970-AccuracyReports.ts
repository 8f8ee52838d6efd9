import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class AccuracyReports1795933285970 implements MigrationInterface {
  name = 'AccuracyReports1795933285970';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "accuracy_reports" ("id" varchar PRIMARY KEY NOT NULL, "report" text NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
      ],
      postgres: [
        'CREATE TABLE "accuracy_reports" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "report" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_458f8a03065df49097204d0d965" PRIMARY KEY ("id"))',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['DROP TABLE "accuracy_reports"'],
      postgres: ['DROP TABLE "accuracy_reports"'],
    });
  }
}
