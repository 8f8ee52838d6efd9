import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class VerificationSessions1795474812223 implements MigrationInterface {
  name = 'VerificationSessions1795474812223';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        // ADD COLUMN rather than TypeORM's table rebuilds: a rebuild of applicants would drop
        // the search indexes and the triggers that keep the list's counts and FTS table.
        'CREATE TABLE "rate_limits" ("keyHash" varchar(64) PRIMARY KEY NOT NULL, "hits" integer NOT NULL DEFAULT (0), "windowStartedMs" bigint NOT NULL)',
        'CREATE TABLE "verification_sessions" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "kind" varchar(16) NOT NULL, "secretHash" varchar(64), "generation" integer NOT NULL, "expiresAt" datetime NOT NULL, "revokedAt" datetime, "redirectUrl" varchar(2048), "createdById" varchar, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_0c50d63665fbfc424a0e0f913d8" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'CREATE INDEX "IDX_0c50d63665fbfc424a0e0f913d" ON "verification_sessions" ("applicantId") ',
        'CREATE UNIQUE INDEX "IDX_817adc8d047e663b48f3818baa" ON "verification_sessions" ("secretHash") ',
        'ALTER TABLE "organizations" ADD COLUMN "allowCompanyKeyLinks" boolean NOT NULL DEFAULT (1)',
        'ALTER TABLE "organizations" ADD COLUMN "redirectAllowList" varchar(4000) NOT NULL DEFAULT (\'\')',
        'ALTER TABLE "applicants" ADD COLUMN "sessionGeneration" integer NOT NULL DEFAULT (1)',
        'ALTER TABLE "applicants" ADD COLUMN "dataSessionId" varchar',
        'ALTER TABLE "applicant_images" ADD COLUMN "sessionId" varchar',
        // Sign-in attempts and demo creations are counted in rate_limits now.
        'DROP TABLE "login_throttle"',
      ],
      postgres: [
        'CREATE TABLE "rate_limits" ("keyHash" character varying(64) NOT NULL, "hits" integer NOT NULL DEFAULT \'0\', "windowStartedMs" bigint NOT NULL, CONSTRAINT "PK_ac69b9f4b18b62198b80133a6c9" PRIMARY KEY ("keyHash"))',
        'CREATE TABLE "verification_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "applicantId" uuid NOT NULL, "kind" character varying(16) NOT NULL, "secretHash" character varying(64), "generation" integer NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "revokedAt" TIMESTAMP WITH TIME ZONE, "redirectUrl" character varying(2048), "createdById" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5e6a11608a05c9d913348fe8f77" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_0c50d63665fbfc424a0e0f913d" ON "verification_sessions"  ("applicantId") ',
        'CREATE UNIQUE INDEX "IDX_817adc8d047e663b48f3818baa" ON "verification_sessions"  ("secretHash") ',
        'ALTER TABLE "organizations" ADD "allowCompanyKeyLinks" boolean NOT NULL DEFAULT true',
        'ALTER TABLE "organizations" ADD "redirectAllowList" character varying(4000) NOT NULL DEFAULT \'\'',
        'ALTER TABLE "applicants" ADD "sessionGeneration" integer NOT NULL DEFAULT \'1\'',
        'ALTER TABLE "applicants" ADD "dataSessionId" uuid',
        'ALTER TABLE "applicant_images" ADD "sessionId" uuid',
        'ALTER TABLE "verification_sessions" ADD CONSTRAINT "FK_0c50d63665fbfc424a0e0f913d8" FOREIGN KEY ("applicantId") REFERENCES "applicants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'DROP TABLE "login_throttle"',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "login_throttle" ("keyHash" varchar(64) PRIMARY KEY NOT NULL, "failures" integer NOT NULL DEFAULT (0), "windowStartedAt" datetime NOT NULL)',
        'ALTER TABLE "applicant_images" DROP COLUMN "sessionId"',
        'ALTER TABLE "applicants" DROP COLUMN "dataSessionId"',
        'ALTER TABLE "applicants" DROP COLUMN "sessionGeneration"',
        'ALTER TABLE "organizations" DROP COLUMN "redirectAllowList"',
        'ALTER TABLE "organizations" DROP COLUMN "allowCompanyKeyLinks"',
        'DROP TABLE "verification_sessions"',
        'DROP TABLE "rate_limits"',
      ],
      postgres: [
        'CREATE TABLE "login_throttle" ("keyHash" character varying(64) NOT NULL, "failures" integer NOT NULL DEFAULT \'0\', "windowStartedAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_login_throttle" PRIMARY KEY ("keyHash"))',
        'ALTER TABLE "verification_sessions" DROP CONSTRAINT "FK_0c50d63665fbfc424a0e0f913d8"',
        'ALTER TABLE "applicant_images" DROP COLUMN "sessionId"',
        'ALTER TABLE "applicants" DROP COLUMN "dataSessionId"',
        'ALTER TABLE "applicants" DROP COLUMN "sessionGeneration"',
        'ALTER TABLE "organizations" DROP COLUMN "redirectAllowList"',
        'ALTER TABLE "organizations" DROP COLUMN "allowCompanyKeyLinks"',
        'DROP INDEX "IDX_817adc8d047e663b48f3818baa"',
        'DROP INDEX "IDX_0c50d63665fbfc424a0e0f913d"',
        'DROP TABLE "verification_sessions"',
        'DROP TABLE "rate_limits"',
      ],
    });
  }
}
