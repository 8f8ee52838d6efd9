import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class JobLocks1795229236050 implements MigrationInterface {
  name = 'JobLocks1795229236050';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['CREATE TABLE "job_locks" ("name" varchar(64) PRIMARY KEY NOT NULL, "lockedUntil" datetime, "lockedBy" varchar(64))'],
      postgres: [
        'CREATE TABLE "job_locks" ("name" character varying(64) NOT NULL, "lockedUntil" TIMESTAMP WITH TIME ZONE, "lockedBy" character varying(64), CONSTRAINT "PK_812f3927444814105513843d4e0" PRIMARY KEY ("name"))',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['DROP TABLE "job_locks"'],
      postgres: ['DROP TABLE "job_locks"'],
    });
  }
}
