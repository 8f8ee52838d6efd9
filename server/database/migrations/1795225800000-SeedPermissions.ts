import { randomUUID } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_PERMISSIONS } from '../../roles/permissions.js';

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
    await queryRunner.manager.createQueryBuilder().insert().into('permissions').values(rows).execute();
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.manager.createQueryBuilder().delete().from('permissions').execute();
  }
}
