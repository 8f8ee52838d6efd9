import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { RoleName } from '../common/access/role-name.js';
import { PermissionChecker } from '../common/access/permission-checker.js';
import { Permission } from './permission.entity.js';
import type { PermissionAction, PermissionResource } from '../common/access/permissions.js';

/**
 * Answers "may this role do this?" from the stored matrix. Deliberately uncached: one
 * indexed lookup per request keeps every replica right the moment a save lands.
 */
@Injectable()
export class PermissionsService implements PermissionChecker {
  constructor(@InjectRepository(Permission) private readonly permissions: Repository<Permission>) {}

  async can(role: RoleName, resource: PermissionResource, action: PermissionAction): Promise<boolean> {
    const row = await this.permissions.findOne({ where: { role, resource }, select: { id: true, actions: true } });
    return row?.actions.includes(action) ?? false;
  }
}
