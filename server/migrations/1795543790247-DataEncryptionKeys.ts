import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class DataEncryptionKeys1795543790247 implements MigrationInterface {
  name = 'DataEncryptionKeys1795543790247';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "data_encryption_keys" ("keyId" varchar(16) PRIMARY KEY NOT NULL, "checkValue" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
      ],
      postgres: [
        'CREATE TABLE "data_encryption_keys" ("keyId" character varying(16) NOT NULL, "checkValue" character varying(64) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7e46ea04cd1c3b8c45966ccdd28" PRIMARY KEY ("keyId"))',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['DROP TABLE "data_encryption_keys"'],
      postgres: ['DROP TABLE "data_encryption_keys"'],
    });
  }
}
