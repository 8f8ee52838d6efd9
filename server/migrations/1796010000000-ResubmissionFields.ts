import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/** applicants.resubmissionFields: the fields a personal-data resubmission asks to correct (issue 36 part 4). */
export class ResubmissionFields1796010000000 implements MigrationInterface {
  name = 'ResubmissionFields1796010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "applicants" ADD COLUMN "resubmissionFields" text'],
      postgres: ['ALTER TABLE "applicants" ADD "resubmissionFields" text'],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "applicants" DROP COLUMN "resubmissionFields"'],
      postgres: ['ALTER TABLE "applicants" DROP COLUMN "resubmissionFields"'],
    });
  }
}
