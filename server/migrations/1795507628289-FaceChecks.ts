import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/** Applicants' selfie faces for the duplicate-face search, and each organization's blocklist of fraudulent faces. */
export class FaceChecks1795507628289 implements MigrationInterface {
  name = 'FaceChecks1795507628289';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "applicant_faces" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar NOT NULL, "embedding" blob NOT NULL, "crop" blob NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_cff9eaed3802827c1b24b1d3211" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'CREATE INDEX "IDX_00f8dcac70fbce80ed259b6270" ON "applicant_faces" ("organizationId") ',
        'CREATE UNIQUE INDEX "IDX_cff9eaed3802827c1b24b1d321" ON "applicant_faces" ("applicantId") ',
        'CREATE TABLE "face_blocklist" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organizationId" varchar NOT NULL, "applicantId" varchar, "userId" varchar(128) NOT NULL, "embedding" blob NOT NULL, "crop" blob NOT NULL, "reason" varchar(500) NOT NULL, "createdById" varchar, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_839efe58f81e138759b8e4f7d06" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
        'CREATE INDEX "IDX_f18b520680912b6f3dcfd48c2e" ON "face_blocklist" ("organizationId") ',
        'CREATE INDEX "IDX_839efe58f81e138759b8e4f7d0" ON "face_blocklist" ("applicantId") ',
      ],
      postgres: [
        'CREATE TABLE "applicant_faces" ("id" SERIAL NOT NULL, "organizationId" uuid NOT NULL, "applicantId" uuid NOT NULL, "embedding" bytea NOT NULL, "crop" bytea NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5391648f5f6f44a847606446cdd" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_00f8dcac70fbce80ed259b6270" ON "applicant_faces"  ("organizationId") ',
        'CREATE UNIQUE INDEX "IDX_cff9eaed3802827c1b24b1d321" ON "applicant_faces"  ("applicantId") ',
        'CREATE TABLE "face_blocklist" ("id" SERIAL NOT NULL, "organizationId" uuid NOT NULL, "applicantId" uuid, "userId" character varying(128) NOT NULL, "embedding" bytea NOT NULL, "crop" bytea NOT NULL, "reason" character varying(500) NOT NULL, "createdById" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1e935df129e28a0338f6af3b868" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_f18b520680912b6f3dcfd48c2e" ON "face_blocklist"  ("organizationId") ',
        'CREATE INDEX "IDX_839efe58f81e138759b8e4f7d0" ON "face_blocklist"  ("applicantId") ',
        'ALTER TABLE "applicant_faces" ADD CONSTRAINT "FK_cff9eaed3802827c1b24b1d3211" FOREIGN KEY ("applicantId") REFERENCES "applicants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "face_blocklist" ADD CONSTRAINT "FK_839efe58f81e138759b8e4f7d06" FOREIGN KEY ("applicantId") REFERENCES "applicants"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const drop = ['DROP TABLE "face_blocklist"', 'DROP TABLE "applicant_faces"'];
    await runForDialect(queryRunner, { sqlite: drop, postgres: drop });
  }
}
