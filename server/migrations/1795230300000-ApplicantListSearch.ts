import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  applicantListSchemaDown,
  applicantListSchemaUp,
  POSTGRES_TRIGRAM_EXTENSION,
  POSTGRES_TRIGRAM_SCHEMA_QUERY,
} from '../applicants/applicant-search-schema.js';
import { runForDialect } from '../database/migration-dialect.js';

/**
 * Hand-written (TypeORM cannot describe these objects): per-organization applicant
 * counts kept by triggers, and the search access paths — pg_trgm GIN and lower()
 * prefix indexes on PostgreSQL, an FTS5 trigram table and NOCASE prefix indexes on
 * SQLite. See server/applicants/applicant-search-schema.ts and docs/decisions.md.
 */
export class ApplicantListSearch1795230300000 implements MigrationInterface {
  name = 'ApplicantListSearch1795230300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(POSTGRES_TRIGRAM_EXTENSION);
      const [{ schema }] = (await queryRunner.query(POSTGRES_TRIGRAM_SCHEMA_QUERY)) as { schema: string }[];
      await runForDialect(queryRunner, { sqlite: [], postgres: applicantListSchemaUp('postgres', schema) });
      return;
    }
    await runForDialect(queryRunner, { sqlite: applicantListSchemaUp('sqlite'), postgres: [] });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The pg_trgm extension stays: other schemas of the database may use it.
    await runForDialect(queryRunner, { sqlite: applicantListSchemaDown('sqlite'), postgres: applicantListSchemaDown('postgres') });
  }
}
