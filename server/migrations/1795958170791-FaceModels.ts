import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class FaceModels1795958170791 implements MigrationInterface {
  name = 'FaceModels1795958170791';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_cff9eaed3802827c1b24b1d321"',
        'CREATE TABLE "face_model_migrations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "model" varchar(16) NOT NULL, "state" varchar(16) NOT NULL, "total" integer NOT NULL DEFAULT (0), "done" integer NOT NULL DEFAULT (0), "failed" integer NOT NULL DEFAULT (0), "fromCrops" integer NOT NULL DEFAULT (0), "faceCursor" integer NOT NULL DEFAULT (0), "blocklistCursor" integer NOT NULL DEFAULT (0), "lastFailure" varchar(500), "startedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "finishedAt" datetime)',
        'DROP INDEX "IDX_00f8dcac70fbce80ed259b6270"',
        'CREATE TABLE "temporary_applicant_faces" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar NOT NULL, "embedding" blob NOT NULL, "crop" blob NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "model" varchar(16) NOT NULL DEFAULT (\'faceres\'), CONSTRAINT "FK_cff9eaed3802827c1b24b1d3211" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_applicant_faces"("id", "organizationId", "applicantId", "embedding", "crop", "createdAt") SELECT "id", "organizationId", "applicantId", "embedding", "crop", "createdAt" FROM "applicant_faces"',
        'DROP TABLE "applicant_faces"',
        'ALTER TABLE "temporary_applicant_faces" RENAME TO "applicant_faces"',
        'CREATE INDEX "IDX_00f8dcac70fbce80ed259b6270" ON "applicant_faces" ("organizationId") ',
        'DROP INDEX "IDX_f18b520680912b6f3dcfd48c2e"',
        'DROP INDEX "IDX_839efe58f81e138759b8e4f7d0"',
        'CREATE TABLE "temporary_face_blocklist" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar, "userId" varchar(128) NOT NULL, "embedding" blob NOT NULL, "crop" blob NOT NULL, "reason" varchar(500) NOT NULL, "createdById" varchar, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "model" varchar(16) NOT NULL DEFAULT (\'faceres\'), CONSTRAINT "FK_f18b520680912b6f3dcfd48c2ef" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_839efe58f81e138759b8e4f7d06" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_face_blocklist"("id", "organizationId", "applicantId", "userId", "embedding", "crop", "reason", "createdById", "createdAt") SELECT "id", "organizationId", "applicantId", "userId", "embedding", "crop", "reason", "createdById", "createdAt" FROM "face_blocklist"',
        'DROP TABLE "face_blocklist"',
        'ALTER TABLE "temporary_face_blocklist" RENAME TO "face_blocklist"',
        'CREATE INDEX "IDX_f18b520680912b6f3dcfd48c2e" ON "face_blocklist" ("organizationId") ',
        'CREATE INDEX "IDX_839efe58f81e138759b8e4f7d0" ON "face_blocklist" ("applicantId") ',
        'CREATE INDEX "IDX_476f7b8e6f09a0d845e1589ae3" ON "applicant_faces" ("model") ',
        'CREATE UNIQUE INDEX "IDX_cb5b68996a29df29ed8e4603ef" ON "applicant_faces" ("applicantId", "model") ',
        'CREATE INDEX "IDX_82cad4123daed5bf5b50b56f12" ON "face_blocklist" ("model") ',
      ],
      postgres: [
        'DROP INDEX "IDX_cff9eaed3802827c1b24b1d321"',
        'CREATE TABLE "face_model_migrations" ("id" SERIAL NOT NULL, "model" character varying(16) NOT NULL, "state" character varying(16) NOT NULL, "total" integer NOT NULL DEFAULT \'0\', "done" integer NOT NULL DEFAULT \'0\', "failed" integer NOT NULL DEFAULT \'0\', "fromCrops" integer NOT NULL DEFAULT \'0\', "faceCursor" integer NOT NULL DEFAULT \'0\', "blocklistCursor" integer NOT NULL DEFAULT \'0\', "lastFailure" character varying(500), "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f7cdd0a538dd4e0e01e33c8db41" PRIMARY KEY ("id"))',
        'ALTER TABLE "applicant_faces" ADD "model" character varying(16) NOT NULL DEFAULT \'faceres\'',
        'ALTER TABLE "face_blocklist" ADD "model" character varying(16) NOT NULL DEFAULT \'faceres\'',
        'CREATE INDEX "IDX_476f7b8e6f09a0d845e1589ae3" ON "applicant_faces"  ("model") ',
        'CREATE UNIQUE INDEX "IDX_cb5b68996a29df29ed8e4603ef" ON "applicant_faces"  ("applicantId", "model") ',
        'CREATE INDEX "IDX_82cad4123daed5bf5b50b56f12" ON "face_blocklist"  ("model") ',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_82cad4123daed5bf5b50b56f12"',
        'DROP INDEX "IDX_cb5b68996a29df29ed8e4603ef"',
        'DROP INDEX "IDX_476f7b8e6f09a0d845e1589ae3"',
        'DROP INDEX "IDX_839efe58f81e138759b8e4f7d0"',
        'DROP INDEX "IDX_f18b520680912b6f3dcfd48c2e"',
        'ALTER TABLE "face_blocklist" RENAME TO "temporary_face_blocklist"',
        'CREATE TABLE "face_blocklist" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar, "userId" varchar(128) NOT NULL, "embedding" blob NOT NULL, "crop" blob NOT NULL, "reason" varchar(500) NOT NULL, "createdById" varchar, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_f18b520680912b6f3dcfd48c2ef" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_839efe58f81e138759b8e4f7d06" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
        'INSERT INTO "face_blocklist"("id", "organizationId", "applicantId", "userId", "embedding", "crop", "reason", "createdById", "createdAt") SELECT "id", "organizationId", "applicantId", "userId", "embedding", "crop", "reason", "createdById", "createdAt" FROM "temporary_face_blocklist"',
        'DROP TABLE "temporary_face_blocklist"',
        'CREATE INDEX "IDX_839efe58f81e138759b8e4f7d0" ON "face_blocklist" ("applicantId") ',
        'CREATE INDEX "IDX_f18b520680912b6f3dcfd48c2e" ON "face_blocklist" ("organizationId") ',
        'DROP INDEX "IDX_00f8dcac70fbce80ed259b6270"',
        'ALTER TABLE "applicant_faces" RENAME TO "temporary_applicant_faces"',
        'CREATE TABLE "applicant_faces" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar NOT NULL, "embedding" blob NOT NULL, "crop" blob NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_cff9eaed3802827c1b24b1d3211" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "applicant_faces"("id", "organizationId", "applicantId", "embedding", "crop", "createdAt") SELECT "id", "organizationId", "applicantId", "embedding", "crop", "createdAt" FROM "temporary_applicant_faces"',
        'DROP TABLE "temporary_applicant_faces"',
        'CREATE INDEX "IDX_00f8dcac70fbce80ed259b6270" ON "applicant_faces" ("organizationId") ',
        'DROP TABLE "face_model_migrations"',
        'CREATE UNIQUE INDEX "IDX_cff9eaed3802827c1b24b1d321" ON "applicant_faces" ("applicantId") ',
      ],
      postgres: [
        'DROP INDEX "IDX_82cad4123daed5bf5b50b56f12"',
        'DROP INDEX "IDX_cb5b68996a29df29ed8e4603ef"',
        'DROP INDEX "IDX_476f7b8e6f09a0d845e1589ae3"',
        'ALTER TABLE "face_blocklist" DROP COLUMN "model"',
        'ALTER TABLE "applicant_faces" DROP COLUMN "model"',
        'DROP TABLE "face_model_migrations"',
        'CREATE UNIQUE INDEX "IDX_cff9eaed3802827c1b24b1d321" ON "applicant_faces" USING btree ("applicantId") ',
      ],
    });
  }
}
