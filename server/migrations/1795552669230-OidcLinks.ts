import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class OidcLinks1795552669230 implements MigrationInterface {
  name = 'OidcLinks1795552669230';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'CREATE TABLE "user_oidc_links" ("providerId" varchar(32) NOT NULL, "subject" varchar(255) NOT NULL, "userId" varchar NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), PRIMARY KEY ("providerId", "subject"))',
        'CREATE INDEX "IDX_8763487c61783321028497291b" ON "user_oidc_links" ("userId") ',
        'DROP INDEX "IDX_8763487c61783321028497291b"',
        'CREATE TABLE "temporary_user_oidc_links" ("providerId" varchar(32) NOT NULL, "subject" varchar(255) NOT NULL, "userId" varchar NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_8763487c61783321028497291bf" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("providerId", "subject"))',
        'INSERT INTO "temporary_user_oidc_links"("providerId", "subject", "userId", "createdAt") SELECT "providerId", "subject", "userId", "createdAt" FROM "user_oidc_links"',
        'DROP TABLE "user_oidc_links"',
        'ALTER TABLE "temporary_user_oidc_links" RENAME TO "user_oidc_links"',
        'CREATE INDEX "IDX_8763487c61783321028497291b" ON "user_oidc_links" ("userId") ',
      ],
      postgres: [
        'CREATE TABLE "user_oidc_links" ("providerId" character varying(32) NOT NULL, "subject" character varying(255) NOT NULL, "userId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f684bb2cfc5a8c5670e588e0001" PRIMARY KEY ("providerId", "subject"))',
        'CREATE INDEX "IDX_8763487c61783321028497291b" ON "user_oidc_links"  ("userId") ',
        'ALTER TABLE "user_oidc_links" ADD CONSTRAINT "FK_8763487c61783321028497291bf" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_8763487c61783321028497291b"',
        'ALTER TABLE "user_oidc_links" RENAME TO "temporary_user_oidc_links"',
        'CREATE TABLE "user_oidc_links" ("providerId" varchar(32) NOT NULL, "subject" varchar(255) NOT NULL, "userId" varchar NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), PRIMARY KEY ("providerId", "subject"))',
        'INSERT INTO "user_oidc_links"("providerId", "subject", "userId", "createdAt") SELECT "providerId", "subject", "userId", "createdAt" FROM "temporary_user_oidc_links"',
        'DROP TABLE "temporary_user_oidc_links"',
        'CREATE INDEX "IDX_8763487c61783321028497291b" ON "user_oidc_links" ("userId") ',
        'DROP INDEX "IDX_8763487c61783321028497291b"',
        'DROP TABLE "user_oidc_links"',
      ],
      postgres: [
        'ALTER TABLE "user_oidc_links" DROP CONSTRAINT "FK_8763487c61783321028497291bf"',
        'DROP INDEX "IDX_8763487c61783321028497291b"',
        'DROP TABLE "user_oidc_links"',
      ],
    });
  }
}
