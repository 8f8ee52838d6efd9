import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class ApplicantNotesAuthor1795541025740 implements MigrationInterface {
  name = 'ApplicantNotesAuthor1795541025740';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['CREATE INDEX "IDX_341e8ea2504b60f421aaeb98f7" ON "applicant_notes" ("authorId", "applicantId") '],
      postgres: ['CREATE INDEX "IDX_341e8ea2504b60f421aaeb98f7" ON "applicant_notes"  ("authorId", "applicantId") '],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['DROP INDEX "IDX_341e8ea2504b60f421aaeb98f7"'],
      postgres: ['DROP INDEX "IDX_341e8ea2504b60f421aaeb98f7"'],
    });
  }
}
