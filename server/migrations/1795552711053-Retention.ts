import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class Retention1795552711053 implements MigrationInterface {
  name = 'Retention1795552711053';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      // ADD COLUMN, not the rebuilds TypeORM proposes: rebuilding applicants would drop the
      // search indexes and triggers (see WorkQueue), rebuilding organizations would cascade.
      sqlite: [
        'ALTER TABLE "organizations" ADD COLUMN "retentionPolicy" text',
        'ALTER TABLE "applicants" ADD COLUMN "legalHoldAt" datetime',
        'ALTER TABLE "applicants" ADD COLUMN "legalHoldReason" varchar(500)',
        'ALTER TABLE "applicants" ADD COLUMN "legalHoldBy" varchar(64)',
        'ALTER TABLE "applicants" ADD COLUMN "imagesRemovedAt" datetime',
        'CREATE INDEX "IDX_b094c4de9740ba283bdd5c3f3a" ON "applicants" ("organizationId", "kycStatus", "decidedAt") ',
      ],
      postgres: [
        'ALTER TABLE "organizations" ADD "retentionPolicy" text',
        'ALTER TABLE "applicants" ADD "legalHoldAt" TIMESTAMP WITH TIME ZONE',
        'ALTER TABLE "applicants" ADD "legalHoldReason" character varying(500)',
        'ALTER TABLE "applicants" ADD "legalHoldBy" character varying(64)',
        'ALTER TABLE "applicants" ADD "imagesRemovedAt" TIMESTAMP WITH TIME ZONE',
        'CREATE INDEX "IDX_b094c4de9740ba283bdd5c3f3a" ON "applicants"  ("organizationId", "kycStatus", "decidedAt") ',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_b094c4de9740ba283bdd5c3f3a"',
        'ALTER TABLE "applicants" DROP COLUMN "imagesRemovedAt"',
        'ALTER TABLE "applicants" DROP COLUMN "legalHoldBy"',
        'ALTER TABLE "applicants" DROP COLUMN "legalHoldReason"',
        'ALTER TABLE "applicants" DROP COLUMN "legalHoldAt"',
        'ALTER TABLE "organizations" DROP COLUMN "retentionPolicy"',
      ],
      postgres: [
        'DROP INDEX "IDX_b094c4de9740ba283bdd5c3f3a"',
        'ALTER TABLE "applicants" DROP COLUMN "imagesRemovedAt"',
        'ALTER TABLE "applicants" DROP COLUMN "legalHoldBy"',
        'ALTER TABLE "applicants" DROP COLUMN "legalHoldReason"',
        'ALTER TABLE "applicants" DROP COLUMN "legalHoldAt"',
        'ALTER TABLE "organizations" DROP COLUMN "retentionPolicy"',
      ],
    });
  }
}
