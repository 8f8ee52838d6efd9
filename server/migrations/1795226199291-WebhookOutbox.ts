import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class WebhookOutbox1795226199291 implements MigrationInterface {
  name = 'WebhookOutbox1795226199291';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "webhook_events" ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar NOT NULL, "organizationId" varchar, "applicantUserId" varchar(128), "type" varchar(64) NOT NULL, "payload" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT (\'pending\'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime NOT NULL, "lastResponseCode" integer, "lastError" varchar(1000), "lockedUntil" datetime, "createdAt" datetime NOT NULL)',
        'CREATE INDEX "IDX_b48bb2184d0afeb20be3167ba9" ON "webhook_events" ("userId", "createdAt") ',
        'CREATE INDEX "IDX_544b6386a569082246f24a90f7" ON "webhook_events" ("status", "nextAttemptAt") ',
        'CREATE TABLE "webhook_deliveries" ("id" varchar PRIMARY KEY NOT NULL, "eventId" varchar NOT NULL, "attempt" integer NOT NULL, "responseCode" integer, "error" varchar(1000), "durationMs" integer NOT NULL, "createdAt" datetime NOT NULL)',
        'CREATE INDEX "IDX_3008887f68782728cc1a90d471" ON "webhook_deliveries" ("eventId", "attempt") ',
        'DROP INDEX "IDX_b48bb2184d0afeb20be3167ba9"',
        'DROP INDEX "IDX_544b6386a569082246f24a90f7"',
        'CREATE TABLE "temporary_webhook_events" ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar NOT NULL, "organizationId" varchar, "applicantUserId" varchar(128), "type" varchar(64) NOT NULL, "payload" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT (\'pending\'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime NOT NULL, "lastResponseCode" integer, "lastError" varchar(1000), "lockedUntil" datetime, "createdAt" datetime NOT NULL, CONSTRAINT "FK_3bf012e9204bc6fd8cfe4148cd6" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_webhook_events"("id", "userId", "organizationId", "applicantUserId", "type", "payload", "status", "attempts", "nextAttemptAt", "lastResponseCode", "lastError", "lockedUntil", "createdAt") SELECT "id", "userId", "organizationId", "applicantUserId", "type", "payload", "status", "attempts", "nextAttemptAt", "lastResponseCode", "lastError", "lockedUntil", "createdAt" FROM "webhook_events"',
        'DROP TABLE "webhook_events"',
        'ALTER TABLE "temporary_webhook_events" RENAME TO "webhook_events"',
        'CREATE INDEX "IDX_b48bb2184d0afeb20be3167ba9" ON "webhook_events" ("userId", "createdAt") ',
        'CREATE INDEX "IDX_544b6386a569082246f24a90f7" ON "webhook_events" ("status", "nextAttemptAt") ',
        'DROP INDEX "IDX_3008887f68782728cc1a90d471"',
        'CREATE TABLE "temporary_webhook_deliveries" ("id" varchar PRIMARY KEY NOT NULL, "eventId" varchar NOT NULL, "attempt" integer NOT NULL, "responseCode" integer, "error" varchar(1000), "durationMs" integer NOT NULL, "createdAt" datetime NOT NULL, CONSTRAINT "FK_981677c4e790567f3306581e0b7" FOREIGN KEY ("eventId") REFERENCES "webhook_events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_webhook_deliveries"("id", "eventId", "attempt", "responseCode", "error", "durationMs", "createdAt") SELECT "id", "eventId", "attempt", "responseCode", "error", "durationMs", "createdAt" FROM "webhook_deliveries"',
        'DROP TABLE "webhook_deliveries"',
        'ALTER TABLE "temporary_webhook_deliveries" RENAME TO "webhook_deliveries"',
        'CREATE INDEX "IDX_3008887f68782728cc1a90d471" ON "webhook_deliveries" ("eventId", "attempt") ',
      ],
      postgres: [
        'CREATE TABLE "webhook_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "organizationId" uuid, "applicantUserId" character varying(128), "type" character varying(64) NOT NULL, "payload" text NOT NULL, "status" character varying(16) NOT NULL DEFAULT \'pending\', "attempts" integer NOT NULL DEFAULT \'0\', "nextAttemptAt" TIMESTAMP WITH TIME ZONE NOT NULL, "lastResponseCode" integer, "lastError" character varying(1000), "lockedUntil" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_4cba37e6a0acb5e1fc49c34ebfd" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_b48bb2184d0afeb20be3167ba9" ON "webhook_events"  ("userId", "createdAt") ',
        'CREATE INDEX "IDX_544b6386a569082246f24a90f7" ON "webhook_events"  ("status", "nextAttemptAt") ',
        'CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "eventId" uuid NOT NULL, "attempt" integer NOT NULL, "responseCode" integer, "error" character varying(1000), "durationMs" integer NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_3008887f68782728cc1a90d471" ON "webhook_deliveries"  ("eventId", "attempt") ',
        'ALTER TABLE "webhook_events" ADD CONSTRAINT "FK_3bf012e9204bc6fd8cfe4148cd6" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_981677c4e790567f3306581e0b7" FOREIGN KEY ("eventId") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_3008887f68782728cc1a90d471"',
        'ALTER TABLE "webhook_deliveries" RENAME TO "temporary_webhook_deliveries"',
        'CREATE TABLE "webhook_deliveries" ("id" varchar PRIMARY KEY NOT NULL, "eventId" varchar NOT NULL, "attempt" integer NOT NULL, "responseCode" integer, "error" varchar(1000), "durationMs" integer NOT NULL, "createdAt" datetime NOT NULL)',
        'INSERT INTO "webhook_deliveries"("id", "eventId", "attempt", "responseCode", "error", "durationMs", "createdAt") SELECT "id", "eventId", "attempt", "responseCode", "error", "durationMs", "createdAt" FROM "temporary_webhook_deliveries"',
        'DROP TABLE "temporary_webhook_deliveries"',
        'CREATE INDEX "IDX_3008887f68782728cc1a90d471" ON "webhook_deliveries" ("eventId", "attempt") ',
        'DROP INDEX "IDX_544b6386a569082246f24a90f7"',
        'DROP INDEX "IDX_b48bb2184d0afeb20be3167ba9"',
        'ALTER TABLE "webhook_events" RENAME TO "temporary_webhook_events"',
        'CREATE TABLE "webhook_events" ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar NOT NULL, "organizationId" varchar, "applicantUserId" varchar(128), "type" varchar(64) NOT NULL, "payload" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT (\'pending\'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime NOT NULL, "lastResponseCode" integer, "lastError" varchar(1000), "lockedUntil" datetime, "createdAt" datetime NOT NULL)',
        'INSERT INTO "webhook_events"("id", "userId", "organizationId", "applicantUserId", "type", "payload", "status", "attempts", "nextAttemptAt", "lastResponseCode", "lastError", "lockedUntil", "createdAt") SELECT "id", "userId", "organizationId", "applicantUserId", "type", "payload", "status", "attempts", "nextAttemptAt", "lastResponseCode", "lastError", "lockedUntil", "createdAt" FROM "temporary_webhook_events"',
        'DROP TABLE "temporary_webhook_events"',
        'CREATE INDEX "IDX_544b6386a569082246f24a90f7" ON "webhook_events" ("status", "nextAttemptAt") ',
        'CREATE INDEX "IDX_b48bb2184d0afeb20be3167ba9" ON "webhook_events" ("userId", "createdAt") ',
        'DROP INDEX "IDX_3008887f68782728cc1a90d471"',
        'DROP TABLE "webhook_deliveries"',
        'DROP INDEX "IDX_544b6386a569082246f24a90f7"',
        'DROP INDEX "IDX_b48bb2184d0afeb20be3167ba9"',
        'DROP TABLE "webhook_events"',
      ],
      postgres: [
        'ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_981677c4e790567f3306581e0b7"',
        'ALTER TABLE "webhook_events" DROP CONSTRAINT "FK_3bf012e9204bc6fd8cfe4148cd6"',
        'DROP INDEX "public"."IDX_3008887f68782728cc1a90d471"',
        'DROP TABLE "webhook_deliveries"',
        'DROP INDEX "public"."IDX_544b6386a569082246f24a90f7"',
        'DROP INDEX "public"."IDX_b48bb2184d0afeb20be3167ba9"',
        'DROP TABLE "webhook_events"',
      ],
    });
  }
}
