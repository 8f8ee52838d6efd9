import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class ScreeningAndPolicy1795517561464 implements MigrationInterface {
  name = 'ScreeningAndPolicy1795517561464';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "verification_policies" ("organizationId" varchar PRIMARY KEY NOT NULL, "settings" text NOT NULL, "updatedByName" varchar(64) NOT NULL, "updatedAt" datetime NOT NULL)',
        'CREATE TABLE "sanctions_rescreens" ("id" varchar PRIMARY KEY NOT NULL, "importId" varchar NOT NULL, "source" varchar(32) NOT NULL, "version" varchar(64), "verifiedSince" datetime NOT NULL, "total" integer NOT NULL DEFAULT (0), "hits" integer NOT NULL DEFAULT (0), "startedAt" datetime NOT NULL)',
        'CREATE UNIQUE INDEX "IDX_44cb4eb33aa0ec5270e883d774" ON "sanctions_rescreens" ("importId") ',
        'CREATE TABLE "screening_hit_reviews" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "hitKey" varchar(100) NOT NULL, "fingerprint" varchar(64) NOT NULL, "verdict" varchar(16) NOT NULL, "note" varchar(1000) NOT NULL, "reviewedById" varchar, "reviewedByName" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'CREATE INDEX "IDX_555842d15183ed64e73b453e03" ON "screening_hit_reviews" ("applicantId", "hitKey") ',
        'CREATE TABLE "temporary_verification_policies" ("organizationId" varchar PRIMARY KEY NOT NULL, "settings" text NOT NULL, "updatedByName" varchar(64) NOT NULL, "updatedAt" datetime NOT NULL, CONSTRAINT "FK_ae6e3c3c03ef62c4a59cc9c4a73" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_verification_policies"("organizationId", "settings", "updatedByName", "updatedAt") SELECT "organizationId", "settings", "updatedByName", "updatedAt" FROM "verification_policies"',
        'DROP TABLE "verification_policies"',
        'ALTER TABLE "temporary_verification_policies" RENAME TO "verification_policies"',
        'DROP INDEX "IDX_555842d15183ed64e73b453e03"',
        'CREATE TABLE "temporary_screening_hit_reviews" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "hitKey" varchar(100) NOT NULL, "fingerprint" varchar(64) NOT NULL, "verdict" varchar(16) NOT NULL, "note" varchar(1000) NOT NULL, "reviewedById" varchar, "reviewedByName" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_83b0fcb648b9794e4dbd8b475a5" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_screening_hit_reviews"("id", "applicantId", "hitKey", "fingerprint", "verdict", "note", "reviewedById", "reviewedByName", "createdAt") SELECT "id", "applicantId", "hitKey", "fingerprint", "verdict", "note", "reviewedById", "reviewedByName", "createdAt" FROM "screening_hit_reviews"',
        'DROP TABLE "screening_hit_reviews"',
        'ALTER TABLE "temporary_screening_hit_reviews" RENAME TO "screening_hit_reviews"',
        'CREATE INDEX "IDX_555842d15183ed64e73b453e03" ON "screening_hit_reviews" ("applicantId", "hitKey") ',
      ],
      postgres: [
        'CREATE TABLE "verification_policies" ("organizationId" uuid NOT NULL, "settings" text NOT NULL, "updatedByName" character varying(64) NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ae6e3c3c03ef62c4a59cc9c4a73" PRIMARY KEY ("organizationId"))',
        'CREATE TABLE "sanctions_rescreens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "importId" uuid NOT NULL, "source" character varying(32) NOT NULL, "version" character varying(64), "verifiedSince" TIMESTAMP WITH TIME ZONE NOT NULL, "total" integer NOT NULL DEFAULT \'0\', "hits" integer NOT NULL DEFAULT \'0\', "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a6f1f1acec2df04f09c2db58232" PRIMARY KEY ("id"))',
        'CREATE UNIQUE INDEX "IDX_44cb4eb33aa0ec5270e883d774" ON "sanctions_rescreens"  ("importId") ',
        'CREATE TABLE "screening_hit_reviews" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "applicantId" uuid NOT NULL, "hitKey" character varying(100) NOT NULL, "fingerprint" character varying(64) NOT NULL, "verdict" character varying(16) NOT NULL, "note" character varying(1000) NOT NULL, "reviewedById" uuid, "reviewedByName" character varying(64) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7c542979d3d6cac3d89967a22bd" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_555842d15183ed64e73b453e03" ON "screening_hit_reviews"  ("applicantId", "hitKey") ',
        'ALTER TABLE "verification_policies" ADD CONSTRAINT "FK_ae6e3c3c03ef62c4a59cc9c4a73" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "screening_hit_reviews" ADD CONSTRAINT "FK_83b0fcb648b9794e4dbd8b475a5" FOREIGN KEY ("applicantId") REFERENCES "applicants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_555842d15183ed64e73b453e03"',
        'ALTER TABLE "screening_hit_reviews" RENAME TO "temporary_screening_hit_reviews"',
        'CREATE TABLE "screening_hit_reviews" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "hitKey" varchar(100) NOT NULL, "fingerprint" varchar(64) NOT NULL, "verdict" varchar(16) NOT NULL, "note" varchar(1000) NOT NULL, "reviewedById" varchar, "reviewedByName" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'INSERT INTO "screening_hit_reviews"("id", "applicantId", "hitKey", "fingerprint", "verdict", "note", "reviewedById", "reviewedByName", "createdAt") SELECT "id", "applicantId", "hitKey", "fingerprint", "verdict", "note", "reviewedById", "reviewedByName", "createdAt" FROM "temporary_screening_hit_reviews"',
        'DROP TABLE "temporary_screening_hit_reviews"',
        'CREATE INDEX "IDX_555842d15183ed64e73b453e03" ON "screening_hit_reviews" ("applicantId", "hitKey") ',
        'ALTER TABLE "verification_policies" RENAME TO "temporary_verification_policies"',
        'CREATE TABLE "verification_policies" ("organizationId" varchar PRIMARY KEY NOT NULL, "settings" text NOT NULL, "updatedByName" varchar(64) NOT NULL, "updatedAt" datetime NOT NULL)',
        'INSERT INTO "verification_policies"("organizationId", "settings", "updatedByName", "updatedAt") SELECT "organizationId", "settings", "updatedByName", "updatedAt" FROM "temporary_verification_policies"',
        'DROP TABLE "temporary_verification_policies"',
        'DROP INDEX "IDX_555842d15183ed64e73b453e03"',
        'DROP TABLE "screening_hit_reviews"',
        'DROP INDEX "IDX_44cb4eb33aa0ec5270e883d774"',
        'DROP TABLE "sanctions_rescreens"',
        'DROP TABLE "verification_policies"',
      ],
      postgres: [
        'ALTER TABLE "screening_hit_reviews" DROP CONSTRAINT "FK_83b0fcb648b9794e4dbd8b475a5"',
        'ALTER TABLE "verification_policies" DROP CONSTRAINT "FK_ae6e3c3c03ef62c4a59cc9c4a73"',
        'DROP INDEX "IDX_555842d15183ed64e73b453e03"',
        'DROP TABLE "screening_hit_reviews"',
        'DROP INDEX "IDX_44cb4eb33aa0ec5270e883d774"',
        'DROP TABLE "sanctions_rescreens"',
        'DROP TABLE "verification_policies"',
      ],
    });
  }
}
