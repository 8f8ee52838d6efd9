import { Column, Entity, Index, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';
import type { RoleName } from '../config/role-name.js';
import type { PermissionAction, PermissionResource } from '../common/access/permissions.js';

/** One row of the permission matrix: what a role may do with one resource. */
@Entity('permissions')
@Index(['role', 'resource'], { unique: true })
export class Permission {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 16 })
  role: RoleName;

  @Column({ type: 'varchar', length: 32 })
  resource: PermissionResource;

  @Column({ type: 'simple-json' })
  actions: PermissionAction[];

  /** Optimistic lock: a save carrying an older version answers 409. */
  @VersionColumn()
  version: number;
}
