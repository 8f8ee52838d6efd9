import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Role } from '../api/current-user';
import type { PermissionDto, RoleDto } from '../api/generated/types.gen';
import { roleKeys } from '../api/query-keys';
import { rolesList } from '../api/sdk';
import { useAuth } from './auth';

export type PermissionResource = PermissionDto['resource'];
export type PermissionAction = PermissionDto['actions'][number];

const ALL: PermissionAction[] = ['create', 'read', 'update', 'delete'];

/**
 * The matrix the server seeds on first start (server/common/access/permissions.ts). It
 * stands in for the stored matrix where the signed-in role may not read it (roles:read).
 */
export const DEFAULT_PERMISSIONS: Readonly<Record<Role, Readonly<Record<PermissionResource, readonly PermissionAction[]>>>> = {
  kyc: {
    organizations: ['create', 'read'],
    members: ['create', 'read', 'delete'],
    applicants: ['read', 'update', 'delete'],
    audit: ['read'],
    'api-keys': ['read', 'update'],
    webhooks: ['read', 'update'],
    roles: [],
    users: [],
  },
  admin: {
    organizations: ['create', 'read', 'update'],
    members: ALL,
    applicants: ALL,
    audit: ['read'],
    'api-keys': ['read', 'update'],
    webhooks: ['read', 'update'],
    roles: ['read'],
    users: ['read'],
  },
  'super-admin': {
    organizations: ALL,
    members: ALL,
    applicants: ALL,
    audit: ['read'],
    'api-keys': ['read', 'update'],
    webhooks: ['read', 'update'],
    roles: ['read', 'update'],
    users: ALL,
  },
};

/** Whether `role` holds `resource:action` in the stored `matrix` when there is one, else in the seeded defaults. */
export function hasPermission(
  role: string,
  resource: PermissionResource,
  action: PermissionAction,
  matrix?: readonly RoleDto[] | null,
): boolean {
  const stored = matrix?.find((entry) => entry.name === role);
  if (stored) return stored.permissions.some((permission) => permission.resource === resource && permission.actions.includes(action));
  if (!Object.hasOwn(DEFAULT_PERMISSIONS, role)) return false;
  return DEFAULT_PERMISSIONS[role as Role][resource].includes(action);
}

const permissionMatrixQueryOptions = () =>
  queryOptions({
    queryKey: roleKeys.lists(),
    queryFn: async ({ signal }) => (await rolesList({ signal })).data,
    retry: false,
    refetchOnWindowFocus: false,
  });

/**
 * Whether the signed-in user may do `resource:action`, to show or hide an action (the
 * server checks it again on every request). The stored matrix is read when the role may
 * read it (nothing is allowed while it loads); otherwise, or when it cannot be read, the
 * seeded defaults answer.
 */
export function usePermission(resource: PermissionResource, action: PermissionAction): boolean {
  const { user } = useAuth();
  const canReadMatrix = user !== null && hasPermission(user.role, 'roles', 'read');
  const { data: matrix, isPending } = useQuery({ ...permissionMatrixQueryOptions(), enabled: canReadMatrix });
  if (user === null || (canReadMatrix && isPending)) return false;
  return hasPermission(user.role, resource, action, matrix);
}
