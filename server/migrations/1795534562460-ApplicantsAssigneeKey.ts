import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';
import { APPLICANT_SEARCH_INDEXES, APPLICANT_SQLITE_TRIGGERS, rebuildApplicantDerivedData } from '../applicants/applicant-search-schema.js';

/**
 * SQLite only. The WorkQueue migration added applicants.assigneeId with ADD COLUMN (to keep
 * the table's triggers); its foreign key then has no name SQLite shows TypeORM, which saw a
 * different key from the entity's. This rebuilds the table the way TypeORM describes it,
 * then restores what a rebuild loses (applicant-search-schema.ts): the case-insensitive
 * prefix indexes, the triggers, the counts and the name search table (rowids change).
 */
const PREFIX_INDEXES = [
  `CREATE INDEX "${APPLICANT_SEARCH_INDEXES.userIdPrefix}" ON "applicants" ("organizationId", "userId" COLLATE NOCASE)`,
  `CREATE INDEX "${APPLICANT_SEARCH_INDEXES.docNumberPrefix}" ON "applicants" ("organizationId", "docNumber" COLLATE NOCASE)`,
];
const RESTORE = [...APPLICANT_SQLITE_TRIGGERS, ...rebuildApplicantDerivedData('sqlite')];

export class ApplicantsAssigneeKey1795534562460 implements MigrationInterface {
  name = 'ApplicantsAssigneeKey1795534562460';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_14643e08efe6011a7e1fdc7164"',
        'DROP INDEX "IDX_e1d5dc6a4ab635dc92b414921c"',
        'DROP INDEX "IDX_f871cd0f4499bbb0db14abf487"',
        'DROP INDEX "IDX_applicants_docNumber_prefix"',
        'DROP INDEX "IDX_applicants_userId_prefix"',
        'DROP INDEX "IDX_b8803d181f6dd9d951e97f8734"',
        'DROP INDEX "IDX_ab295ae14a264ade898cf5856b"',
        'DROP INDEX "IDX_62f398a5aa1caba8e553044087"',
        'DROP INDEX "IDX_1c2fc4263ba2863c7e188a07ee"',
        'DROP INDEX "IDX_0f937a2801d3a9b11290eb5e5f"',
        'DROP INDEX "IDX_4ea0c2692600d2812203b84439"',
        'CREATE TABLE "temporary_applicants" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "userId" varchar(128) NOT NULL, "kycStatus" varchar(16) NOT NULL DEFAULT (\'init\'), "documentType" varchar(32), "reviewAnswer" varchar(16), "rejectType" varchar(16), "rejectReason" varchar(1000), "name" varchar(200), "dateOfBirth" varchar(32), "sex" varchar(8), "placeOfBirth" varchar(200), "docNumber" varchar(64), "issuanceDate" varchar(32), "expiryDate" varchar(32), "country" varchar(100), "address" varchar(500), "height" varchar(16), "maritalStatus" varchar(16), "issuedIn" varchar(100), "fatherName" varchar(200), "motherName" varchar(200), "submittedAt" datetime, "decidedAt" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "version" integer NOT NULL DEFAULT (1), "sessionGeneration" integer NOT NULL DEFAULT (1), "dataSessionId" varchar, "documentData" text, "decisionLabelId" varchar, "resubmissionStep" varchar(16), "attempt" integer NOT NULL DEFAULT (1), "assigneeId" varchar, "assignedAt" datetime, "flaggedChecks" varchar(500), "tagIds" varchar(2000), CONSTRAINT "FK_f47cc125cdcb9bdf3bd7eddf5a0" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_applicants"("id", "organizationId", "userId", "kycStatus", "documentType", "reviewAnswer", "rejectType", "rejectReason", "name", "dateOfBirth", "sex", "placeOfBirth", "docNumber", "issuanceDate", "expiryDate", "country", "address", "height", "maritalStatus", "issuedIn", "fatherName", "motherName", "submittedAt", "decidedAt", "createdAt", "updatedAt", "version", "sessionGeneration", "dataSessionId", "documentData", "decisionLabelId", "resubmissionStep", "attempt", "assigneeId", "assignedAt", "flaggedChecks", "tagIds") SELECT "id", "organizationId", "userId", "kycStatus", "documentType", "reviewAnswer", "rejectType", "rejectReason", "name", "dateOfBirth", "sex", "placeOfBirth", "docNumber", "issuanceDate", "expiryDate", "country", "address", "height", "maritalStatus", "issuedIn", "fatherName", "motherName", "submittedAt", "decidedAt", "createdAt", "updatedAt", "version", "sessionGeneration", "dataSessionId", "documentData", "decisionLabelId", "resubmissionStep", "attempt", "assigneeId", "assignedAt", "flaggedChecks", "tagIds" FROM "applicants"',
        'DROP TABLE "applicants"',
        'ALTER TABLE "temporary_applicants" RENAME TO "applicants"',
        'CREATE INDEX "IDX_14643e08efe6011a7e1fdc7164" ON "applicants" ("organizationId", "submittedAt", "userId") ',
        'CREATE INDEX "IDX_e1d5dc6a4ab635dc92b414921c" ON "applicants" ("organizationId", "assigneeId", "userId") ',
        'CREATE INDEX "IDX_f871cd0f4499bbb0db14abf487" ON "applicants" ("organizationId", "flaggedChecks", "userId") ',
        'CREATE INDEX "IDX_b8803d181f6dd9d951e97f8734" ON "applicants" ("organizationId", "createdAt", "userId") ',
        'CREATE INDEX "IDX_ab295ae14a264ade898cf5856b" ON "applicants" ("organizationId", "updatedAt", "userId") ',
        'CREATE UNIQUE INDEX "IDX_62f398a5aa1caba8e553044087" ON "applicants" ("organizationId", "userId") ',
        'CREATE INDEX "IDX_1c2fc4263ba2863c7e188a07ee" ON "applicants" ("organizationId", "kycStatus", "userId") ',
        'CREATE INDEX "IDX_0f937a2801d3a9b11290eb5e5f" ON "applicants" ("organizationId", "documentType", "userId") ',
        'CREATE INDEX "IDX_4ea0c2692600d2812203b84439" ON "applicants" ("docNumber") ',
        'DROP INDEX "IDX_14643e08efe6011a7e1fdc7164"',
        'DROP INDEX "IDX_e1d5dc6a4ab635dc92b414921c"',
        'DROP INDEX "IDX_f871cd0f4499bbb0db14abf487"',
        'DROP INDEX "IDX_b8803d181f6dd9d951e97f8734"',
        'DROP INDEX "IDX_ab295ae14a264ade898cf5856b"',
        'DROP INDEX "IDX_62f398a5aa1caba8e553044087"',
        'DROP INDEX "IDX_1c2fc4263ba2863c7e188a07ee"',
        'DROP INDEX "IDX_0f937a2801d3a9b11290eb5e5f"',
        'DROP INDEX "IDX_4ea0c2692600d2812203b84439"',
        'CREATE TABLE "temporary_applicants" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "userId" varchar(128) NOT NULL, "kycStatus" varchar(16) NOT NULL DEFAULT (\'init\'), "documentType" varchar(32), "reviewAnswer" varchar(16), "rejectType" varchar(16), "rejectReason" varchar(1000), "name" varchar(200), "dateOfBirth" varchar(32), "sex" varchar(8), "placeOfBirth" varchar(200), "docNumber" varchar(64), "issuanceDate" varchar(32), "expiryDate" varchar(32), "country" varchar(100), "address" varchar(500), "height" varchar(16), "maritalStatus" varchar(16), "issuedIn" varchar(100), "fatherName" varchar(200), "motherName" varchar(200), "submittedAt" datetime, "decidedAt" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "version" integer NOT NULL DEFAULT (1), "sessionGeneration" integer NOT NULL DEFAULT (1), "dataSessionId" varchar, "documentData" text, "decisionLabelId" varchar, "resubmissionStep" varchar(16), "attempt" integer NOT NULL DEFAULT (1), "assigneeId" varchar, "assignedAt" datetime, "flaggedChecks" varchar(500), "tagIds" varchar(2000), CONSTRAINT "FK_f47cc125cdcb9bdf3bd7eddf5a0" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_1ae99a977cf4df32a08d2d97719" FOREIGN KEY ("assigneeId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
        'INSERT INTO "temporary_applicants"("id", "organizationId", "userId", "kycStatus", "documentType", "reviewAnswer", "rejectType", "rejectReason", "name", "dateOfBirth", "sex", "placeOfBirth", "docNumber", "issuanceDate", "expiryDate", "country", "address", "height", "maritalStatus", "issuedIn", "fatherName", "motherName", "submittedAt", "decidedAt", "createdAt", "updatedAt", "version", "sessionGeneration", "dataSessionId", "documentData", "decisionLabelId", "resubmissionStep", "attempt", "assigneeId", "assignedAt", "flaggedChecks", "tagIds") SELECT "id", "organizationId", "userId", "kycStatus", "documentType", "reviewAnswer", "rejectType", "rejectReason", "name", "dateOfBirth", "sex", "placeOfBirth", "docNumber", "issuanceDate", "expiryDate", "country", "address", "height", "maritalStatus", "issuedIn", "fatherName", "motherName", "submittedAt", "decidedAt", "createdAt", "updatedAt", "version", "sessionGeneration", "dataSessionId", "documentData", "decisionLabelId", "resubmissionStep", "attempt", "assigneeId", "assignedAt", "flaggedChecks", "tagIds" FROM "applicants"',
        'DROP TABLE "applicants"',
        'ALTER TABLE "temporary_applicants" RENAME TO "applicants"',
        'CREATE INDEX "IDX_14643e08efe6011a7e1fdc7164" ON "applicants" ("organizationId", "submittedAt", "userId") ',
        'CREATE INDEX "IDX_e1d5dc6a4ab635dc92b414921c" ON "applicants" ("organizationId", "assigneeId", "userId") ',
        'CREATE INDEX "IDX_f871cd0f4499bbb0db14abf487" ON "applicants" ("organizationId", "flaggedChecks", "userId") ',
        'CREATE INDEX "IDX_b8803d181f6dd9d951e97f8734" ON "applicants" ("organizationId", "createdAt", "userId") ',
        'CREATE INDEX "IDX_ab295ae14a264ade898cf5856b" ON "applicants" ("organizationId", "updatedAt", "userId") ',
        'CREATE UNIQUE INDEX "IDX_62f398a5aa1caba8e553044087" ON "applicants" ("organizationId", "userId") ',
        'CREATE INDEX "IDX_1c2fc4263ba2863c7e188a07ee" ON "applicants" ("organizationId", "kycStatus", "userId") ',
        'CREATE INDEX "IDX_0f937a2801d3a9b11290eb5e5f" ON "applicants" ("organizationId", "documentType", "userId") ',
        'CREATE INDEX "IDX_4ea0c2692600d2812203b84439" ON "applicants" ("docNumber") ',
        ...PREFIX_INDEXES,
        ...RESTORE,
      ],
      postgres: [],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_4ea0c2692600d2812203b84439"',
        'DROP INDEX "IDX_0f937a2801d3a9b11290eb5e5f"',
        'DROP INDEX "IDX_1c2fc4263ba2863c7e188a07ee"',
        'DROP INDEX "IDX_62f398a5aa1caba8e553044087"',
        'DROP INDEX "IDX_ab295ae14a264ade898cf5856b"',
        'DROP INDEX "IDX_b8803d181f6dd9d951e97f8734"',
        'DROP INDEX "IDX_applicants_userId_prefix"',
        'DROP INDEX "IDX_applicants_docNumber_prefix"',
        'DROP INDEX "IDX_f871cd0f4499bbb0db14abf487"',
        'DROP INDEX "IDX_e1d5dc6a4ab635dc92b414921c"',
        'DROP INDEX "IDX_14643e08efe6011a7e1fdc7164"',
        'ALTER TABLE "applicants" RENAME TO "temporary_applicants"',
        'CREATE TABLE "applicants" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "userId" varchar(128) NOT NULL, "kycStatus" varchar(16) NOT NULL DEFAULT (\'init\'), "documentType" varchar(32), "reviewAnswer" varchar(16), "rejectType" varchar(16), "rejectReason" varchar(1000), "name" varchar(200), "dateOfBirth" varchar(32), "sex" varchar(8), "placeOfBirth" varchar(200), "docNumber" varchar(64), "issuanceDate" varchar(32), "expiryDate" varchar(32), "country" varchar(100), "address" varchar(500), "height" varchar(16), "maritalStatus" varchar(16), "issuedIn" varchar(100), "fatherName" varchar(200), "motherName" varchar(200), "submittedAt" datetime, "decidedAt" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "version" integer NOT NULL DEFAULT (1), "sessionGeneration" integer NOT NULL DEFAULT (1), "dataSessionId" varchar, "documentData" text, "decisionLabelId" varchar, "resubmissionStep" varchar(16), "attempt" integer NOT NULL DEFAULT (1), "assigneeId" varchar, "assignedAt" datetime, "flaggedChecks" varchar(500), "tagIds" varchar(2000), CONSTRAINT "FK_f47cc125cdcb9bdf3bd7eddf5a0" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
        'INSERT INTO "applicants"("id", "organizationId", "userId", "kycStatus", "documentType", "reviewAnswer", "rejectType", "rejectReason", "name", "dateOfBirth", "sex", "placeOfBirth", "docNumber", "issuanceDate", "expiryDate", "country", "address", "height", "maritalStatus", "issuedIn", "fatherName", "motherName", "submittedAt", "decidedAt", "createdAt", "updatedAt", "version", "sessionGeneration", "dataSessionId", "documentData", "decisionLabelId", "resubmissionStep", "attempt", "assigneeId", "assignedAt", "flaggedChecks", "tagIds") SELECT "id", "organizationId", "userId", "kycStatus", "documentType", "reviewAnswer", "rejectType", "rejectReason", "name", "dateOfBirth", "sex", "placeOfBirth", "docNumber", "issuanceDate", "expiryDate", "country", "address", "height", "maritalStatus", "issuedIn", "fatherName", "motherName", "submittedAt", "decidedAt", "createdAt", "updatedAt", "version", "sessionGeneration", "dataSessionId", "documentData", "decisionLabelId", "resubmissionStep", "attempt", "assigneeId", "assignedAt", "flaggedChecks", "tagIds" FROM "temporary_applicants"',
        'DROP TABLE "temporary_applicants"',
        'CREATE INDEX "IDX_4ea0c2692600d2812203b84439" ON "applicants" ("docNumber") ',
        'CREATE INDEX "IDX_0f937a2801d3a9b11290eb5e5f" ON "applicants" ("organizationId", "documentType", "userId") ',
        'CREATE INDEX "IDX_1c2fc4263ba2863c7e188a07ee" ON "applicants" ("organizationId", "kycStatus", "userId") ',
        'CREATE UNIQUE INDEX "IDX_62f398a5aa1caba8e553044087" ON "applicants" ("organizationId", "userId") ',
        'CREATE INDEX "IDX_ab295ae14a264ade898cf5856b" ON "applicants" ("organizationId", "updatedAt", "userId") ',
        'CREATE INDEX "IDX_b8803d181f6dd9d951e97f8734" ON "applicants" ("organizationId", "createdAt", "userId") ',
        'CREATE INDEX "IDX_f871cd0f4499bbb0db14abf487" ON "applicants" ("organizationId", "flaggedChecks", "userId") ',
        'CREATE INDEX "IDX_e1d5dc6a4ab635dc92b414921c" ON "applicants" ("organizationId", "assigneeId", "userId") ',
        'CREATE INDEX "IDX_14643e08efe6011a7e1fdc7164" ON "applicants" ("organizationId", "submittedAt", "userId") ',
        'DROP INDEX "IDX_4ea0c2692600d2812203b84439"',
        'DROP INDEX "IDX_0f937a2801d3a9b11290eb5e5f"',
        'DROP INDEX "IDX_1c2fc4263ba2863c7e188a07ee"',
        'DROP INDEX "IDX_62f398a5aa1caba8e553044087"',
        'DROP INDEX "IDX_ab295ae14a264ade898cf5856b"',
        'DROP INDEX "IDX_b8803d181f6dd9d951e97f8734"',
        'DROP INDEX "IDX_f871cd0f4499bbb0db14abf487"',
        'DROP INDEX "IDX_e1d5dc6a4ab635dc92b414921c"',
        'DROP INDEX "IDX_14643e08efe6011a7e1fdc7164"',
        'ALTER TABLE "applicants" RENAME TO "temporary_applicants"',
        'CREATE TABLE "applicants" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "userId" varchar(128) NOT NULL, "kycStatus" varchar(16) NOT NULL DEFAULT (\'init\'), "documentType" varchar(32), "reviewAnswer" varchar(16), "rejectType" varchar(16), "rejectReason" varchar(1000), "name" varchar(200), "dateOfBirth" varchar(32), "sex" varchar(8), "placeOfBirth" varchar(200), "docNumber" varchar(64), "issuanceDate" varchar(32), "expiryDate" varchar(32), "country" varchar(100), "address" varchar(500), "height" varchar(16), "maritalStatus" varchar(16), "issuedIn" varchar(100), "fatherName" varchar(200), "motherName" varchar(200), "submittedAt" datetime, "decidedAt" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "version" integer NOT NULL DEFAULT (1), "sessionGeneration" integer NOT NULL DEFAULT (1), "dataSessionId" varchar, "documentData" text, "decisionLabelId" varchar, "resubmissionStep" varchar(16), "attempt" integer NOT NULL DEFAULT (1), "assigneeId" varchar, "assignedAt" datetime, "flaggedChecks" varchar(500), "tagIds" varchar(2000), CONSTRAINT "FK_f47cc125cdcb9bdf3bd7eddf5a0" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_1ae99a977cf4df32a08d2d97719" FOREIGN KEY ("assigneeId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
        'INSERT INTO "applicants"("id", "organizationId", "userId", "kycStatus", "documentType", "reviewAnswer", "rejectType", "rejectReason", "name", "dateOfBirth", "sex", "placeOfBirth", "docNumber", "issuanceDate", "expiryDate", "country", "address", "height", "maritalStatus", "issuedIn", "fatherName", "motherName", "submittedAt", "decidedAt", "createdAt", "updatedAt", "version", "sessionGeneration", "dataSessionId", "documentData", "decisionLabelId", "resubmissionStep", "attempt", "assigneeId", "assignedAt", "flaggedChecks", "tagIds") SELECT "id", "organizationId", "userId", "kycStatus", "documentType", "reviewAnswer", "rejectType", "rejectReason", "name", "dateOfBirth", "sex", "placeOfBirth", "docNumber", "issuanceDate", "expiryDate", "country", "address", "height", "maritalStatus", "issuedIn", "fatherName", "motherName", "submittedAt", "decidedAt", "createdAt", "updatedAt", "version", "sessionGeneration", "dataSessionId", "documentData", "decisionLabelId", "resubmissionStep", "attempt", "assigneeId", "assignedAt", "flaggedChecks", "tagIds" FROM "temporary_applicants"',
        'DROP TABLE "temporary_applicants"',
        'CREATE INDEX "IDX_4ea0c2692600d2812203b84439" ON "applicants" ("docNumber") ',
        'CREATE INDEX "IDX_0f937a2801d3a9b11290eb5e5f" ON "applicants" ("organizationId", "documentType", "userId") ',
        'CREATE INDEX "IDX_1c2fc4263ba2863c7e188a07ee" ON "applicants" ("organizationId", "kycStatus", "userId") ',
        'CREATE UNIQUE INDEX "IDX_62f398a5aa1caba8e553044087" ON "applicants" ("organizationId", "userId") ',
        'CREATE INDEX "IDX_ab295ae14a264ade898cf5856b" ON "applicants" ("organizationId", "updatedAt", "userId") ',
        'CREATE INDEX "IDX_b8803d181f6dd9d951e97f8734" ON "applicants" ("organizationId", "createdAt", "userId") ',
        'CREATE INDEX "IDX_f871cd0f4499bbb0db14abf487" ON "applicants" ("organizationId", "flaggedChecks", "userId") ',
        'CREATE INDEX "IDX_e1d5dc6a4ab635dc92b414921c" ON "applicants" ("organizationId", "assigneeId", "userId") ',
        'CREATE INDEX "IDX_14643e08efe6011a7e1fdc7164" ON "applicants" ("organizationId", "submittedAt", "userId") ',
        ...PREFIX_INDEXES,
        ...RESTORE,
      ],
      postgres: [],
    });
  }
}
