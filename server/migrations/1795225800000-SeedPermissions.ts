import { randomUUID } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_PERMISSIONS } from '../common/access/permissions.js';

/** Seeds the default permission matrix; the Permission Manager edits it afterwards. */
export class SeedPermissions1795225800000 implements MigrationInterface {
  name = 'SeedPermissions1795225800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows = Object.entries(DEFAULT_PERMISSIONS).flatMap(([role, resources]) =>
      Object.entries(resources).map(([resource, actions]) => ({
        id: randomUUID(),
        role,
        resource,
        actions: JSON.stringify(actions),
        version: 1,
      })),
    );
    const postgres = queryRunner.connection.options.type === 'postgres';
    const placeholders = postgres ? '($1, $2, $3, $4, $5)' : '(?, ?, ?, ?, ?)';
    for (const row of rows) {
      await queryRunner.query(`INSERT INTO "permissions" ("id", "role", "resource", "actions", "version") VALUES ${placeholders}`, [
        row.id,
        row.role,
        row.resource,
        row.actions,
        row.version,
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM "permissions"');
  }
}
