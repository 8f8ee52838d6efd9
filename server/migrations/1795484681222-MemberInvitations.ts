import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class MemberInvitations1795484681222 implements MigrationInterface {
  name = 'MemberInvitations1795484681222';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        // One CREATE with its foreign keys, instead of the generator's create-then-rebuild.
        'CREATE TABLE "organization_invitations" ("id" varchar PRIMARY KEY NOT NULL, "organizationId" varchar NOT NULL, "invitee" varchar(254) NOT NULL, "inviteeKey" varchar(254) NOT NULL, "inviteeId" varchar, "invitedById" varchar, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "expiresAt" datetime NOT NULL, CONSTRAINT "FK_a36b0344f658384839d0ca39483" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_dc3dccfd257aae2420f049fac76" FOREIGN KEY ("inviteeId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_42551a8640e76595be597bd4f20" FOREIGN KEY ("invitedById") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
        'CREATE INDEX "IDX_dc3dccfd257aae2420f049fac7" ON "organization_invitations" ("inviteeId") ',
        'CREATE UNIQUE INDEX "IDX_c0ccd24412f75903042e38afa9" ON "organization_invitations" ("organizationId", "inviteeKey") ',
      ],
      postgres: [
        'CREATE TABLE "organization_invitations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organizationId" uuid NOT NULL, "invitee" character varying(254) NOT NULL, "inviteeKey" character varying(254) NOT NULL, "inviteeId" uuid, "invitedById" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f172f12b8a9ee6584b661f57e24" PRIMARY KEY ("id"))',
        'CREATE INDEX "IDX_dc3dccfd257aae2420f049fac7" ON "organization_invitations"  ("inviteeId") ',
        'CREATE UNIQUE INDEX "IDX_c0ccd24412f75903042e38afa9" ON "organization_invitations"  ("organizationId", "inviteeKey") ',
        'ALTER TABLE "organization_invitations" ADD CONSTRAINT "FK_a36b0344f658384839d0ca39483" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
        'ALTER TABLE "organization_invitations" ADD CONSTRAINT "FK_dc3dccfd257aae2420f049fac76" FOREIGN KEY ("inviteeId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
        'ALTER TABLE "organization_invitations" ADD CONSTRAINT "FK_42551a8640e76595be597bd4f20" FOREIGN KEY ("invitedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: ['DROP INDEX "IDX_c0ccd24412f75903042e38afa9"', 'DROP INDEX "IDX_dc3dccfd257aae2420f049fac7"', 'DROP TABLE "organization_invitations"'],
      postgres: [
        'ALTER TABLE "organization_invitations" DROP CONSTRAINT "FK_42551a8640e76595be597bd4f20"',
        'ALTER TABLE "organization_invitations" DROP CONSTRAINT "FK_dc3dccfd257aae2420f049fac76"',
        'ALTER TABLE "organization_invitations" DROP CONSTRAINT "FK_a36b0344f658384839d0ca39483"',
        'DROP INDEX "IDX_c0ccd24412f75903042e38afa9"',
        'DROP INDEX "IDX_dc3dccfd257aae2420f049fac7"',
        'DROP TABLE "organization_invitations"',
      ],
    });
  }
}
