import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import type { RoleDto } from './dto/role.dto.js';
import { Permission } from './permission.entity.js';
import { ROLE_ERRORS } from './roles.errors.js';
import { isRoleName, ROLE_NAMES, ROLE_RANKS, type RoleName } from '../config/role-name.js';

@Injectable()
export class RolesService {
  constructor(
    @InjectRepository(Permission) private readonly permissions: Repository<Permission>,
    private readonly dataSource: DataSource,
  ) {}

  /** Every role, highest rank first, with its permission rows in resource order. */
  async list(): Promise<RoleDto[]> {
    const rows = await this.permissions.find({ order: { resource: 'ASC' } });
    return [...ROLE_NAMES]
      .sort((a, b) => ROLE_RANKS[b] - ROLE_RANKS[a])
      .map((name) => ({
        name,
        permissions: rows.filter((row) => row.role === name).map(({ id, resource, actions, version }) => ({ id, resource, actions, version })),
      }));
  }

  get(name: string): { name: RoleName } {
    if (!isRoleName(name)) throw ROLE_ERRORS.error('ROLE_NOT_FOUND', `Unknown role '${name}'`);
    return { name };
  }

  /**
   * Saves the whole matrix in one transaction. Any entry whose version is not the
   * stored one means someone else saved in between: nothing is written, 409.
   */
  async replace(roles: RoleDto[]): Promise<RoleDto[]> {
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(Permission);
      for (const role of roles) {
        for (const entry of role.permissions) {
          const stored = await repository.findOneBy({ id: entry.id });
          if (!stored || stored.role !== role.name || stored.resource !== entry.resource) {
            throw ROLE_ERRORS.error('PERMISSION_ENTRY_UNKNOWN');
          }
          if (stored.version !== entry.version) throw ROLE_ERRORS.error('ROLE_VERSION_CONFLICT');
          if (sameActions(stored.actions, entry.actions)) continue;
          // Compare-and-set on the version, so a concurrent save between read and write is caught too.
          const result = await repository
            .createQueryBuilder()
            .update()
            .set({ actions: [...entry.actions].sort(), version: () => '"version" + 1' })
            .where('"id" = :id AND "version" = :version', { id: entry.id, version: entry.version })
            .execute();
          if (result.affected !== 1) throw ROLE_ERRORS.error('ROLE_VERSION_CONFLICT');
        }
      }
    });
    return this.list();
  }
}

function sameActions(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}
