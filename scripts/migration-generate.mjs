#!/usr/bin/env node
// Generates one migration for both databases from the difference between the
// entities and the existing migrations: `npm run migration:generate -- AddThing`.
// PostgreSQL statements come from a throw-away database on MIGRATION_DATABASE_URL
// (default: the local test server).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('Usage: npm run migration:generate -- <PascalCaseName>');
  process.exit(1);
}
const adminUrl = process.env.MIGRATION_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });

function diffFor(databaseUrl) {
  const env = { ...process.env, LOG_LEVEL: 'error' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return JSON.parse(execFileSync('node', ['dist/server/cli/schema-diff.js'], { env, encoding: 'utf8' }));
}

const scratch = `kyc_migration_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
let postgres;
try {
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  postgres = diffFor(url.toString());
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
  await admin.end();
}
// The scratch database uses the default schema; a migration must run in whichever schema
// the app is configured for (DATABASE_SCHEMA), so names stay unqualified.
for (const list of [postgres.up, postgres.down]) list.forEach((statement, i) => (list[i] = statement.replaceAll('"public".', '')));
const sqlite = diffFor(undefined);
if (sqlite.up.length === 0 && postgres.up.length === 0) {
  console.log('The entities and the migrations agree: nothing to generate.');
  process.exit(0);
}

const timestamp = Date.now();
const className = `${name}${timestamp}`;
const list = (statements) => statements.map((s) => `        ${JSON.stringify(s)},`).join('\n');
const file = `server/migrations/${timestamp}-${name}.ts`;
writeFileSync(
  file,
  `import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDialect } from '../database/migration-dialect.js';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
${list(sqlite.up)}
      ],
      postgres: [
${list(postgres.up)}
      ],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, {
      sqlite: [
${list(sqlite.down)}
      ],
      postgres: [
${list(postgres.down)}
      ],
    });
  }
}
`,
);
const index = 'server/migrations/index.ts';
const source = readFileSync(index, 'utf8')
  .replace(/^(\/\*\*[^]*?\*\/\n)/m, `import { ${className} } from './${timestamp}-${name}.js';\n$1`)
  .replace(/\];\s*$/, `  ${className},\n];\n`);
writeFileSync(index, source);
console.log(`Wrote ${file} (${sqlite.up.length} SQLite and ${postgres.up.length} PostgreSQL statements).`);
