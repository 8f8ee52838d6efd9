import type { PermissionAction, PermissionResource } from './permissions.js';
import type { RoleName } from './role-name.js';

/**
 * What the access guard asks of the stored permission matrix. The roles module
 * provides it; the guard depends on this contract only, so `common/` never imports
 * a feature.
 */
export abstract class PermissionChecker {
  abstract can(role: RoleName, resource: PermissionResource, action: PermissionAction): Promise<boolean>;
}
