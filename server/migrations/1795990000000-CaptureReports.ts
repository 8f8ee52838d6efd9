import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/** applicant_images.capture: what the verification page reported about a selfie's capture (injection signals, issue 35 part 4). */
export class CaptureReports1795990000000 implements MigrationInterface {
  name = 'CaptureReports1795990000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "applicant_images" ADD COLUMN "capture" text'],
      postgres: ['ALTER TABLE "applicant_images" ADD "capture" text'],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "applicant_images" DROP COLUMN "capture"'],
      postgres: ['ALTER TABLE "applicant_images" DROP COLUMN "capture"'],
    });
  }
}
