import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/** Per-account count of wrong second factors and the lock it leads to (SecondFactorGuard). */
export class SecondFactorLock1795820896540 implements MigrationInterface {
  name = 'SecondFactorLock1795820896540';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        // ADD COLUMN rather than TypeORM's rebuild of `users`: a rebuild drops the table its
        // many foreign keys point at, and the columns have constant defaults.
        'ALTER TABLE "users" ADD COLUMN "secondFactorFailures" integer NOT NULL DEFAULT (0)',
        'ALTER TABLE "users" ADD COLUMN "secondFactorLockedAt" datetime',
      ],
      postgres: [
        'ALTER TABLE "users" ADD "secondFactorFailures" integer NOT NULL DEFAULT \'0\'',
        'ALTER TABLE "users" ADD "secondFactorLockedAt" TIMESTAMP WITH TIME ZONE',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['ALTER TABLE "users" DROP COLUMN "secondFactorLockedAt"', 'ALTER TABLE "users" DROP COLUMN "secondFactorFailures"'],
      postgres: ['ALTER TABLE "users" DROP COLUMN "secondFactorLockedAt"', 'ALTER TABLE "users" DROP COLUMN "secondFactorFailures"'],
    });
  }
}
