import type { PermissionDto, RoleDto } from '../../api/generated/types.gen';

export type PermissionResource = PermissionDto['resource'];
export type PermissionAction = PermissionDto['actions'][number];

/** Column order of the actions within a resource. */
export const PERMISSION_ACTIONS: readonly PermissionAction[] = ['create', 'read', 'update', 'delete'];

/** Resources in the order the server lists them, each once. */
export function matrixResources(roles: readonly RoleDto[]): PermissionResource[] {
  const seen = new Set<PermissionResource>();
  for (const role of roles) for (const permission of role.permissions) seen.add(permission.resource);
  return [...seen];
}

export function findPermission(role: RoleDto, resource: PermissionResource): PermissionDto | undefined {
  return role.permissions.find((permission) => permission.resource === resource);
}

export function isAllowed(role: RoleDto, resource: PermissionResource, action: PermissionAction): boolean {
  return findPermission(role, resource)?.actions.includes(action) ?? false;
}

/** A new matrix with one box flipped; everything else (ids, versions) is kept for the save. */
export function togglePermission(roles: readonly RoleDto[], roleName: RoleDto['name'], resource: PermissionResource, action: PermissionAction): RoleDto[] {
  return roles.map((role) => {
    if (role.name !== roleName) return role;
    return {
      ...role,
      permissions: role.permissions.map((permission) => {
        if (permission.resource !== resource) return permission;
        const actions = permission.actions.includes(action) ? permission.actions.filter((existing) => existing !== action) : [...permission.actions, action];
        return { ...permission, actions: PERMISSION_ACTIONS.filter((known) => actions.includes(known)) };
      }),
    };
  });
}

/** How many boxes differ between two matrices (0 when nothing is left to save). */
export function countChanges(before: readonly RoleDto[], after: readonly RoleDto[]): number {
  let changes = 0;
  for (const role of after) {
    const original = before.find((candidate) => candidate.name === role.name);
    for (const permission of role.permissions) {
      const previous = original ? findPermission(original, permission.resource) : undefined;
      for (const action of PERMISSION_ACTIONS) {
        if (permission.actions.includes(action) !== (previous?.actions.includes(action) ?? false)) changes++;
      }
    }
  }
  return changes;
}
