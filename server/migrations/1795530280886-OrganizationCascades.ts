import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

// Rows left by organizations deleted before these keys existed would break them.
const ORPHANS = [
  'DELETE FROM "webhook_deliveries" WHERE "eventId" IN (SELECT "id" FROM "webhook_events" WHERE "organizationId" IS NOT NULL AND "organizationId" NOT IN (SELECT "id" FROM "organizations"))',
  'DELETE FROM "webhook_events" WHERE "organizationId" IS NOT NULL AND "organizationId" NOT IN (SELECT "id" FROM "organizations")',
  'DELETE FROM "face_blocklist" WHERE "organizationId" NOT IN (SELECT "id" FROM "organizations")',
];

export class OrganizationCascades1795530280886 implements MigrationInterface {
  name = 'OrganizationCascades1795530280886';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        ...ORPHANS,
        'DROP INDEX "IDX_839efe58f81e138759b8e4f7d0"',
        'DROP INDEX "IDX_f18b520680912b6f3dcfd48c2e"',
        'CREATE TABLE "temporary_face_blocklist" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar, "userId" varchar(128) NOT NULL, "embedding" blob NOT NULL, "crop" blob NOT NULL, "reason" varchar(500) NOT NULL, "createdById" varchar, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_839efe58f81e138759b8e4f7d06" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_f18b520680912b6f3dcfd48c2ef" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_face_blocklist"("id", "organizationId", "applicantId", "userId", "embedding", "crop", "reason", "createdById", "createdAt") SELECT "id", "organizationId", "applicantId", "userId", "embedding", "crop", "reason", "createdById", "createdAt" FROM "face_blocklist"',
        'DROP TABLE "face_blocklist"',
        'ALTER TABLE "temporary_face_blocklist" RENAME TO "face_blocklist"',
        'CREATE INDEX "IDX_839efe58f81e138759b8e4f7d0" ON "face_blocklist" ("applicantId") ',
        'CREATE INDEX "IDX_f18b520680912b6f3dcfd48c2e" ON "face_blocklist" ("organizationId") ',
        'DROP INDEX "IDX_544b6386a569082246f24a90f7"',
        'DROP INDEX "IDX_b48bb2184d0afeb20be3167ba9"',
        'CREATE TABLE "temporary_webhook_events" ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar NOT NULL, "organizationId" varchar, "applicantUserId" varchar(128), "type" varchar(64) NOT NULL, "payload" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT (\'pending\'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime NOT NULL, "lastResponseCode" integer, "lastError" varchar(1000), "lockedUntil" datetime, "createdAt" datetime NOT NULL, CONSTRAINT "FK_3bf012e9204bc6fd8cfe4148cd6" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_56b42e2dcaa8fe719e05fe7a202" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_webhook_events"("id", "userId", "organizationId", "applicantUserId", "type", "payload", "status", "attempts", "nextAttemptAt", "lastResponseCode", "lastError", "lockedUntil", "createdAt") SELECT "id", "userId", "organizationId", "applicantUserId", "type", "payload", "status", "attempts", "nextAttemptAt", "lastResponseCode", "lastError", "lockedUntil", "createdAt" FROM "webhook_events"',
        'DROP TABLE "webhook_events"',
        'ALTER TABLE "temporary_webhook_events" RENAME TO "webhook_events"',
        'CREATE INDEX "IDX_544b6386a569082246f24a90f7" ON "webhook_events" ("status", "nextAttemptAt") ',
        'CREATE INDEX "IDX_b48bb2184d0afeb20be3167ba9" ON "webhook_events" ("userId", "createdAt") ',
      ],
      postgres: [
        ...ORPHANS,
        'ALTER TABLE "face_blocklist" ADD CONSTRAINT "FK_f18b520680912b6f3dcfd48c2ef" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "webhook_events" ADD CONSTRAINT "FK_56b42e2dcaa8fe719e05fe7a202" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_b48bb2184d0afeb20be3167ba9"',
        'DROP INDEX "IDX_544b6386a569082246f24a90f7"',
        'ALTER TABLE "webhook_events" RENAME TO "temporary_webhook_events"',
        'CREATE TABLE "webhook_events" ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar NOT NULL, "organizationId" varchar, "applicantUserId" varchar(128), "type" varchar(64) NOT NULL, "payload" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT (\'pending\'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime NOT NULL, "lastResponseCode" integer, "lastError" varchar(1000), "lockedUntil" datetime, "createdAt" datetime NOT NULL, CONSTRAINT "FK_3bf012e9204bc6fd8cfe4148cd6" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "webhook_events"("id", "userId", "organizationId", "applicantUserId", "type", "payload", "status", "attempts", "nextAttemptAt", "lastResponseCode", "lastError", "lockedUntil", "createdAt") SELECT "id", "userId", "organizationId", "applicantUserId", "type", "payload", "status", "attempts", "nextAttemptAt", "lastResponseCode", "lastError", "lockedUntil", "createdAt" FROM "temporary_webhook_events"',
        'DROP TABLE "temporary_webhook_events"',
        'CREATE INDEX "IDX_b48bb2184d0afeb20be3167ba9" ON "webhook_events" ("userId", "createdAt") ',
        'CREATE INDEX "IDX_544b6386a569082246f24a90f7" ON "webhook_events" ("status", "nextAttemptAt") ',
        'DROP INDEX "IDX_f18b520680912b6f3dcfd48c2e"',
        'DROP INDEX "IDX_839efe58f81e138759b8e4f7d0"',
        'ALTER TABLE "face_blocklist" RENAME TO "temporary_face_blocklist"',
        'CREATE TABLE "face_blocklist" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar, "userId" varchar(128) NOT NULL, "embedding" blob NOT NULL, "crop" blob NOT NULL, "reason" varchar(500) NOT NULL, "createdById" varchar, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_839efe58f81e138759b8e4f7d06" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
        'INSERT INTO "face_blocklist"("id", "organizationId", "applicantId", "userId", "embedding", "crop", "reason", "createdById", "createdAt") SELECT "id", "organizationId", "applicantId", "userId", "embedding", "crop", "reason", "createdById", "createdAt" FROM "temporary_face_blocklist"',
        'DROP TABLE "temporary_face_blocklist"',
        'CREATE INDEX "IDX_f18b520680912b6f3dcfd48c2e" ON "face_blocklist" ("organizationId") ',
        'CREATE INDEX "IDX_839efe58f81e138759b8e4f7d0" ON "face_blocklist" ("applicantId") ',
      ],
      postgres: [
        'ALTER TABLE "webhook_events" DROP CONSTRAINT "FK_56b42e2dcaa8fe719e05fe7a202"',
        'ALTER TABLE "face_blocklist" DROP CONSTRAINT "FK_f18b520680912b6f3dcfd48c2ef"',
      ],
    });
  }
}
