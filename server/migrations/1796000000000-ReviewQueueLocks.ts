import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/**
 * applicants.lockedUntil: the end of the lock an opened case holds (issue 36 part 3);
 * review_settings.slaHours: the organization's hours from submission to a decision.
 */
export class ReviewQueueLocks1796000000000 implements MigrationInterface {
  name = 'ReviewQueueLocks1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "applicants" ADD COLUMN "lockedUntil" datetime', 'ALTER TABLE "review_settings" ADD COLUMN "slaHours" integer'],
      postgres: ['ALTER TABLE "applicants" ADD "lockedUntil" TIMESTAMP WITH TIME ZONE', 'ALTER TABLE "review_settings" ADD "slaHours" integer'],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "review_settings" DROP COLUMN "slaHours"', 'ALTER TABLE "applicants" DROP COLUMN "lockedUntil"'],
      postgres: ['ALTER TABLE "review_settings" DROP COLUMN "slaHours"', 'ALTER TABLE "applicants" DROP COLUMN "lockedUntil"'],
    });
  }
}
