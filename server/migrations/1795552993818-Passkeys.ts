import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class Passkeys1795552993818 implements MigrationInterface {
  name = 'Passkeys1795552993818';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "two_factor_policy" ("id" varchar(16) PRIMARY KEY NOT NULL, "requiredFor" varchar(16) NOT NULL DEFAULT (\'off\'), "updatedByName" varchar(64) NOT NULL, "updatedAt" datetime NOT NULL)',
        'CREATE TABLE "user_passkeys" ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar NOT NULL, "credentialId" varchar(1400) NOT NULL, "publicKey" text NOT NULL, "counter" bigint NOT NULL DEFAULT (0), "transports" varchar(200) NOT NULL DEFAULT (\'[]\'), "name" varchar(64) NOT NULL, "backedUp" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "lastUsedAt" datetime, CONSTRAINT "FK_6629ffb39461ac3fcc050166695" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'CREATE INDEX "IDX_6629ffb39461ac3fcc05016669" ON "user_passkeys" ("userId") ',
        'CREATE UNIQUE INDEX "IDX_60e9b91badb1a1cb5927651191" ON "user_passkeys" ("credentialId") ',
        'CREATE TABLE "webauthn_challenges" ("challenge" varchar(64) PRIMARY KEY NOT NULL, "purpose" varchar(16) NOT NULL, "userId" varchar, "expiresAt" datetime NOT NULL)',
        'CREATE INDEX "IDX_23d1a33c72a062bb86f50f26b4" ON "webauthn_challenges" ("expiresAt") ',
        // ADD COLUMN, not the generator's rebuild: dropping organizations would cascade to everything in them.
        'ALTER TABLE "organizations" ADD COLUMN "requireTwoFactor" boolean NOT NULL DEFAULT (0)',
      ],
      postgres: [
        'CREATE TABLE "two_factor_policy" ("id" character varying(16) NOT NULL, "requiredFor" character varying(16) NOT NULL DEFAULT \'off\', "updatedByName" character varying(64) NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_10356fa2c161d40545ab5108b39" PRIMARY KEY ("id"))',
        'CREATE TABLE "user_passkeys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "credentialId" character varying(1400) NOT NULL, "publicKey" text NOT NULL, "counter" bigint NOT NULL DEFAULT \'0\', "transports" character varying(200) NOT NULL DEFAULT \'[]\', "name" character varying(64) NOT NULL, "backedUp" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastUsedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f78c7964dfa3e33810747ce0797" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_6629ffb39461ac3fcc05016669" ON "user_passkeys"  ("userId") ',
        'CREATE UNIQUE INDEX "IDX_60e9b91badb1a1cb5927651191" ON "user_passkeys"  ("credentialId") ',
        'CREATE TABLE "webauthn_challenges" ("challenge" character varying(64) NOT NULL, "purpose" character varying(16) NOT NULL, "userId" uuid, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_03a1fd625909713af1fa0b33f3e" PRIMARY KEY ("challenge"))',
        'CREATE INDEX "IDX_23d1a33c72a062bb86f50f26b4" ON "webauthn_challenges"  ("expiresAt") ',
        'ALTER TABLE "organizations" ADD "requireTwoFactor" boolean NOT NULL DEFAULT false',
        'ALTER TABLE "user_passkeys" ADD CONSTRAINT "FK_6629ffb39461ac3fcc050166695" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'ALTER TABLE "organizations" DROP COLUMN "requireTwoFactor"',
        'DROP INDEX "IDX_23d1a33c72a062bb86f50f26b4"',
        'DROP TABLE "webauthn_challenges"',
        'DROP INDEX "IDX_60e9b91badb1a1cb5927651191"',
        'DROP INDEX "IDX_6629ffb39461ac3fcc05016669"',
        'DROP TABLE "user_passkeys"',
        'DROP TABLE "two_factor_policy"',
      ],
      postgres: [
        'ALTER TABLE "user_passkeys" DROP CONSTRAINT "FK_6629ffb39461ac3fcc050166695"',
        'ALTER TABLE "organizations" DROP COLUMN "requireTwoFactor"',
        'DROP INDEX "IDX_23d1a33c72a062bb86f50f26b4"',
        'DROP TABLE "webauthn_challenges"',
        'DROP INDEX "IDX_60e9b91badb1a1cb5927651191"',
        'DROP INDEX "IDX_6629ffb39461ac3fcc05016669"',
        'DROP TABLE "user_passkeys"',
        'DROP TABLE "two_factor_policy"',
      ],
    });
  }
}
