import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/** Organizations' photo-quality settings, and the measures of each document photo. */
export class PhotoQuality1795488950007 implements MigrationInterface {
  name = 'PhotoQuality1795488950007';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      // ADD COLUMN rather than TypeORM's table rebuilds, which would drop indexes and triggers.
      sqlite: ['ALTER TABLE "organizations" ADD COLUMN "photoQuality" text', 'ALTER TABLE "applicant_images" ADD COLUMN "quality" text'],
      postgres: ['ALTER TABLE "organizations" ADD "photoQuality" text', 'ALTER TABLE "applicant_images" ADD "quality" text'],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "applicant_images" DROP COLUMN "quality"', 'ALTER TABLE "organizations" DROP COLUMN "photoQuality"'],
      postgres: ['ALTER TABLE "applicant_images" DROP COLUMN "quality"', 'ALTER TABLE "organizations" DROP COLUMN "photoQuality"'],
    });
  }
}
