import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

/**
 * Face crops leave the checks' evidence (security finding 3): a table of encrypted crops,
 * and the list of checks whose evidence still carries crops as data URLs. Moving those
 * needs the data key, which migrations run without; moveEvidenceCrops does it at start,
 * once the key is loaded (server/applicants/faces/evidence-crops.ts).
 */
export class FaceCrops1795820971160 implements MigrationInterface {
  name = 'FaceCrops1795820971160';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "face_crops" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "faceOfApplicantId" varchar NOT NULL, "data" blob NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'CREATE INDEX "IDX_662525f67ae2b62dfc9d165738" ON "face_crops" ("applicantId") ',
        'CREATE INDEX "IDX_5e6efce19e8199e490b658bad9" ON "face_crops" ("faceOfApplicantId") ',
        'CREATE TABLE "face_crop_moves" ("checkId" varchar PRIMARY KEY NOT NULL)',
        'DROP INDEX "IDX_662525f67ae2b62dfc9d165738"',
        'DROP INDEX "IDX_5e6efce19e8199e490b658bad9"',
        'CREATE TABLE "temporary_face_crops" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "faceOfApplicantId" varchar NOT NULL, "data" blob NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_662525f67ae2b62dfc9d165738c" FOREIGN KEY ("applicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_5e6efce19e8199e490b658bad9f" FOREIGN KEY ("faceOfApplicantId") REFERENCES "applicants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_face_crops"("id", "applicantId", "faceOfApplicantId", "data", "createdAt") SELECT "id", "applicantId", "faceOfApplicantId", "data", "createdAt" FROM "face_crops"',
        'DROP TABLE "face_crops"',
        'ALTER TABLE "temporary_face_crops" RENAME TO "face_crops"',
        'CREATE INDEX "IDX_662525f67ae2b62dfc9d165738" ON "face_crops" ("applicantId") ',
        'CREATE INDEX "IDX_5e6efce19e8199e490b658bad9" ON "face_crops" ("faceOfApplicantId") ',
        'INSERT INTO "face_crop_moves" ("checkId") SELECT "id" FROM "applicant_checks" WHERE "name" IN (\'face-match\', \'duplicate-face\') AND "evidence" LIKE \'%data:image/%\'',
      ],
      postgres: [
        'CREATE TABLE "face_crops" ("id" uuid NOT NULL, "applicantId" uuid NOT NULL, "faceOfApplicantId" uuid NOT NULL, "data" bytea NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bad8b0e689486a0b3136fbf314a" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_662525f67ae2b62dfc9d165738" ON "face_crops"  ("applicantId") ',
        'CREATE INDEX "IDX_5e6efce19e8199e490b658bad9" ON "face_crops"  ("faceOfApplicantId") ',
        'CREATE TABLE "face_crop_moves" ("checkId" uuid NOT NULL, CONSTRAINT "PK_f50d43800754e6581cdd10e404e" PRIMARY KEY ("checkId"))',
        'ALTER TABLE "face_crops" ADD CONSTRAINT "FK_662525f67ae2b62dfc9d165738c" FOREIGN KEY ("applicantId") REFERENCES "applicants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "face_crops" ADD CONSTRAINT "FK_5e6efce19e8199e490b658bad9f" FOREIGN KEY ("faceOfApplicantId") REFERENCES "applicants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'INSERT INTO "face_crop_moves" ("checkId") SELECT "id" FROM "applicant_checks" WHERE "name" IN (\'face-match\', \'duplicate-face\') AND "evidence" LIKE \'%data:image/%\'',
      ],
    });
  }

  /** Lossy: crops already moved stay out of the evidence (putting them back needs the data key, which a migration does not have). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_5e6efce19e8199e490b658bad9"',
        'DROP INDEX "IDX_662525f67ae2b62dfc9d165738"',
        'ALTER TABLE "face_crops" RENAME TO "temporary_face_crops"',
        'CREATE TABLE "face_crops" ("id" varchar PRIMARY KEY NOT NULL, "applicantId" varchar NOT NULL, "faceOfApplicantId" varchar NOT NULL, "data" blob NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
        'INSERT INTO "face_crops"("id", "applicantId", "faceOfApplicantId", "data", "createdAt") SELECT "id", "applicantId", "faceOfApplicantId", "data", "createdAt" FROM "temporary_face_crops"',
        'DROP TABLE "temporary_face_crops"',
        'CREATE INDEX "IDX_5e6efce19e8199e490b658bad9" ON "face_crops" ("faceOfApplicantId") ',
        'CREATE INDEX "IDX_662525f67ae2b62dfc9d165738" ON "face_crops" ("applicantId") ',
        'DROP TABLE "face_crop_moves"',
        'DROP INDEX "IDX_5e6efce19e8199e490b658bad9"',
        'DROP INDEX "IDX_662525f67ae2b62dfc9d165738"',
        'DROP TABLE "face_crops"',
      ],
      postgres: [
        'ALTER TABLE "face_crops" DROP CONSTRAINT "FK_5e6efce19e8199e490b658bad9f"',
        'ALTER TABLE "face_crops" DROP CONSTRAINT "FK_662525f67ae2b62dfc9d165738c"',
        'DROP TABLE "face_crop_moves"',
        'DROP INDEX "IDX_5e6efce19e8199e490b658bad9"',
        'DROP INDEX "IDX_662525f67ae2b62dfc9d165738"',
        'DROP TABLE "face_crops"',
      ],
    });
  }
}
