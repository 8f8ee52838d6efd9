import { SetMetadata } from '@nestjs/common';
import type { PermissionAction, PermissionResource } from './permissions.js';

export const REQUIRED_PERMISSION = 'requiredPermission';

export interface RequiredPermission {
  resource: PermissionResource;
  action: PermissionAction;
}

/** The caller's role must hold this permission in the stored matrix (checked on every request). */
export const RequirePermission = (resource: PermissionResource, action: PermissionAction) =>
  SetMetadata(REQUIRED_PERMISSION, { resource, action } satisfies RequiredPermission);
