import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class ApplicantVersion1795473412237 implements MigrationInterface {
  name = 'ApplicantVersion1795473412237';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        // ADD COLUMN, not the rebuild TypeORM proposes: a rebuild would drop the search
        // indexes, the FTS5 triggers and the counter triggers that live on this table.
        'ALTER TABLE "applicants" ADD COLUMN "version" integer NOT NULL DEFAULT (1)',
      ],
      postgres: ['ALTER TABLE "applicants" ADD "version" integer NOT NULL DEFAULT \'1\''],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "applicants" DROP COLUMN "version"'],
      postgres: ['ALTER TABLE "applicants" DROP COLUMN "version"'],
    });
  }
}
