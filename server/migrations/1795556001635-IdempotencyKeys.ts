import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class IdempotencyKeys1795556001635 implements MigrationInterface {
  name = 'IdempotencyKeys1795556001635';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "idempotency_keys" ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar NOT NULL, "operation" varchar(100) NOT NULL, "key" varchar(255) NOT NULL, "requestHash" varchar(64) NOT NULL, "response" blob, "createdAt" datetime NOT NULL)',
        'CREATE INDEX "IDX_39829cdd18d40184d32a8a4abe" ON "idempotency_keys" ("createdAt") ',
        'CREATE UNIQUE INDEX "IDX_b890cf0f3eb4c4ce3462ec2b8c" ON "idempotency_keys" ("userId", "operation", "key") ',
      ],
      postgres: [
        'CREATE TABLE "idempotency_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "operation" character varying(100) NOT NULL, "key" character varying(255) NOT NULL, "requestHash" character varying(64) NOT NULL, "response" bytea, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_8ad20779ad0411107a56e53d0f6" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_39829cdd18d40184d32a8a4abe" ON "idempotency_keys"  ("createdAt") ',
        'CREATE UNIQUE INDEX "IDX_b890cf0f3eb4c4ce3462ec2b8c" ON "idempotency_keys"  ("userId", "operation", "key") ',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['DROP INDEX "IDX_b890cf0f3eb4c4ce3462ec2b8c"', 'DROP INDEX "IDX_39829cdd18d40184d32a8a4abe"', 'DROP TABLE "idempotency_keys"'],
      postgres: ['DROP INDEX "IDX_b890cf0f3eb4c4ce3462ec2b8c"', 'DROP INDEX "IDX_39829cdd18d40184d32a8a4abe"', 'DROP TABLE "idempotency_keys"'],
    });
  }
}
