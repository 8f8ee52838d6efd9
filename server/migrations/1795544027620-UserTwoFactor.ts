import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class UserTwoFactor1795544027620 implements MigrationInterface {
  name = 'UserTwoFactor1795544027620';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "user_two_factor" ("userId" varchar PRIMARY KEY NOT NULL, "secretEncrypted" varchar(512) NOT NULL, "confirmedAt" datetime, "lastTimeStep" integer, "recoveryCodeHashes" text NOT NULL DEFAULT (\'[]\'), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'CREATE TABLE "temporary_user_two_factor" ("userId" varchar PRIMARY KEY NOT NULL, "secretEncrypted" varchar(512) NOT NULL, "confirmedAt" datetime, "lastTimeStep" integer, "recoveryCodeHashes" text NOT NULL DEFAULT (\'[]\'), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_2cbb5b2d99e69fabcd8a5a0fdb0" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_user_two_factor"("userId", "secretEncrypted", "confirmedAt", "lastTimeStep", "recoveryCodeHashes", "createdAt", "updatedAt") SELECT "userId", "secretEncrypted", "confirmedAt", "lastTimeStep", "recoveryCodeHashes", "createdAt", "updatedAt" FROM "user_two_factor"',
        'DROP TABLE "user_two_factor"',
        'ALTER TABLE "temporary_user_two_factor" RENAME TO "user_two_factor"',
      ],
      postgres: [
        'CREATE TABLE "user_two_factor" ("userId" uuid NOT NULL, "secretEncrypted" character varying(512) NOT NULL, "confirmedAt" TIMESTAMP WITH TIME ZONE, "lastTimeStep" integer, "recoveryCodeHashes" text NOT NULL DEFAULT \'[]\', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2cbb5b2d99e69fabcd8a5a0fdb0" PRIMARY KEY ("userId"))',
        'ALTER TABLE "user_two_factor" ADD CONSTRAINT "FK_2cbb5b2d99e69fabcd8a5a0fdb0" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'ALTER TABLE "user_two_factor" RENAME TO "temporary_user_two_factor"',
        'CREATE TABLE "user_two_factor" ("userId" varchar PRIMARY KEY NOT NULL, "secretEncrypted" varchar(512) NOT NULL, "confirmedAt" datetime, "lastTimeStep" integer, "recoveryCodeHashes" text NOT NULL DEFAULT (\'[]\'), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'INSERT INTO "user_two_factor"("userId", "secretEncrypted", "confirmedAt", "lastTimeStep", "recoveryCodeHashes", "createdAt", "updatedAt") SELECT "userId", "secretEncrypted", "confirmedAt", "lastTimeStep", "recoveryCodeHashes", "createdAt", "updatedAt" FROM "temporary_user_two_factor"',
        'DROP TABLE "temporary_user_two_factor"',
        'DROP TABLE "user_two_factor"',
      ],
      postgres: ['ALTER TABLE "user_two_factor" DROP CONSTRAINT "FK_2cbb5b2d99e69fabcd8a5a0fdb0"', 'DROP TABLE "user_two_factor"'],
    });
  }
}
