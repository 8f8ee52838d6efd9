import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';
import { EMAIL_KEY_MAX, identityKey, USERNAME_KEY_MAX } from '../users/identity-key.js';

interface AccountRow {
  id: string;
  username: string;
  email: string;
}

/**
 * What stops the keys from being added: accounts that would share a key (a person with
 * two accounts, as far as the new rule is concerned) and values too long once
 * normalised. Accounts are named by id only (never by name or address: the message is
 * logged); an operator looks them up, renames or merges them, and starts again.
 */
export function identityKeyConflicts(rows: AccountRow[]): string[] {
  const problems: string[] = [];
  for (const [field, label, max] of [
    ['username', 'username', USERNAME_KEY_MAX],
    ['email', 'e-mail address', EMAIL_KEY_MAX],
  ] as const) {
    const byKey = new Map<string, string[]>();
    for (const row of rows) {
      const key = identityKey(row[field]);
      if (key.length > max) problems.push(`the ${label} of account ${row.id} is longer than ${max} characters once normalised`);
      byKey.set(key, [...(byKey.get(key) ?? []), row.id]);
    }
    for (const ids of byKey.values()) {
      if (ids.length > 1) problems.push(`accounts ${ids.join(', ')} have the same ${label} apart from letter case or Unicode form`);
    }
  }
  return problems;
}

/**
 * One identity per person: users.usernameKey and users.emailKey hold the NFKC,
 * lower-cased username and e-mail address, each under a unique index.
 *
 * Hand-written rather than generated: on SQLite TypeORM proposes to rebuild `users` into a
 * temporary copy, and creating the unique indexes over the copied empty defaults would
 * fail on any installation with two accounts. Here the columns are added in place (ADD
 * COLUMN keeps the table, its indexes and any trigger; `users` has no trigger today),
 * filled from JavaScript — neither database's SQL has the same NFKC and lower-casing as
 * the application — and only then made unique. Conflicting accounts stop the migration
 * before anything changes, with a message that lists them.
 */
export class IdentityKeys1795477204649 implements MigrationInterface {
  name = 'IdentityKeys1795477204649';

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query('SELECT "id", "username", "email" FROM "users"')) as AccountRow[];
    const problems = identityKeyConflicts(rows);
    if (problems.length > 0) {
      throw new Error(
        'Migration IdentityKeys: usernames and e-mail addresses must now be unique regardless of letter case and Unicode ' +
          `form (NFKC), but ${problems.length} conflict(s) exist. Rename or merge these accounts, then start again:\n` +
          problems.map((problem) => `  - ${problem}`).join('\n'),
      );
    }
    await runForDialect(queryRunner, {
      sqlite: [
        `ALTER TABLE "users" ADD COLUMN "usernameKey" varchar(${USERNAME_KEY_MAX}) NOT NULL DEFAULT ('')`,
        `ALTER TABLE "users" ADD COLUMN "emailKey" varchar(${EMAIL_KEY_MAX}) NOT NULL DEFAULT ('')`,
      ],
      postgres: [
        `ALTER TABLE "users" ADD "usernameKey" character varying(${USERNAME_KEY_MAX}) NOT NULL DEFAULT ''`,
        `ALTER TABLE "users" ADD "emailKey" character varying(${EMAIL_KEY_MAX}) NOT NULL DEFAULT ''`,
      ],
    });
    const postgres = queryRunner.connection.options.type === 'postgres';
    const [a, b, c] = postgres ? ['$1', '$2', '$3'] : ['?', '?', '?'];
    for (const row of rows) {
      await queryRunner.query(`UPDATE "users" SET "usernameKey" = ${a}, "emailKey" = ${b} WHERE "id" = ${c}`, [
        identityKey(row.username),
        identityKey(row.email),
        row.id,
      ]);
    }
    await runForDialect(queryRunner, {
      sqlite: ['CREATE UNIQUE INDEX "IDX_users_usernameKey" ON "users" ("usernameKey") ', 'CREATE UNIQUE INDEX "IDX_users_emailKey" ON "users" ("emailKey") '],
      postgres: [
        'CREATE UNIQUE INDEX "IDX_users_usernameKey" ON "users"  ("usernameKey") ',
        'CREATE UNIQUE INDEX "IDX_users_emailKey" ON "users"  ("emailKey") ',
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
        'DROP INDEX "IDX_users_emailKey"',
        'DROP INDEX "IDX_users_usernameKey"',
        'ALTER TABLE "users" DROP COLUMN "emailKey"',
        'ALTER TABLE "users" DROP COLUMN "usernameKey"',
      ],
      postgres: [
        'DROP INDEX "IDX_users_emailKey"',
        'DROP INDEX "IDX_users_usernameKey"',
        'ALTER TABLE "users" DROP COLUMN "emailKey"',
        'ALTER TABLE "users" DROP COLUMN "usernameKey"',
      ],
    });
  }
}
