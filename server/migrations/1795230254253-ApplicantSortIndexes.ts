import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/**
 * The createdAt / updatedAt list indexes end with userId, the list's tie-break, so a
 * sorted page (and a keyset seek) is read straight off the index. PostgreSQL index names
 * are left unqualified: the app may run in a schema of its own (DATABASE_SCHEMA).
 */
export class ApplicantSortIndexes1795230254253 implements MigrationInterface {
  name = 'ApplicantSortIndexes1795230254253';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_3ce7ca813733de92c37ee7d982"',
        'DROP INDEX "IDX_93a42fb2b11b259b212fb77dc1"',
        'CREATE INDEX "IDX_ab295ae14a264ade898cf5856b" ON "applicants" ("organizationId", "updatedAt", "userId") ',
        'CREATE INDEX "IDX_b8803d181f6dd9d951e97f8734" ON "applicants" ("organizationId", "createdAt", "userId") ',
      ],
      postgres: [
        'DROP INDEX "IDX_93a42fb2b11b259b212fb77dc1"',
        'DROP INDEX "IDX_3ce7ca813733de92c37ee7d982"',
        'CREATE INDEX "IDX_ab295ae14a264ade898cf5856b" ON "applicants"  ("organizationId", "updatedAt", "userId") ',
        'CREATE INDEX "IDX_b8803d181f6dd9d951e97f8734" ON "applicants"  ("organizationId", "createdAt", "userId") ',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_b8803d181f6dd9d951e97f8734"',
        'DROP INDEX "IDX_ab295ae14a264ade898cf5856b"',
        'CREATE INDEX "IDX_93a42fb2b11b259b212fb77dc1" ON "applicants" ("organizationId", "updatedAt") ',
        'CREATE INDEX "IDX_3ce7ca813733de92c37ee7d982" ON "applicants" ("organizationId", "createdAt") ',
      ],
      postgres: [
        'DROP INDEX "IDX_b8803d181f6dd9d951e97f8734"',
        'DROP INDEX "IDX_ab295ae14a264ade898cf5856b"',
        'CREATE INDEX "IDX_3ce7ca813733de92c37ee7d982" ON "applicants" USING btree ("organizationId", "createdAt") ',
        'CREATE INDEX "IDX_93a42fb2b11b259b212fb77dc1" ON "applicants" USING btree ("organizationId", "updatedAt") ',
      ],
    });
  }
}
