import type { CurrentUser } from '../api/current-user';
import type { GrantDto } from '../api/generated/types.gen';
import { useAuth } from './auth';

export type PermissionResource = GrantDto['resource'];
export type PermissionAction = GrantDto['actions'][number];

/** Whether `user`'s role holds `resource:action`, as the server said with the account (GET /users/me). */
export function hasPermission(user: CurrentUser | null, resource: PermissionResource, action: PermissionAction): boolean {
  return user?.permissions.some((grant) => grant.resource === resource && grant.actions.includes(action)) ?? false;
}

/**
 * Whether the signed-in user may do `resource:action`, to show or hide an action (the
 * server checks it again on every request). The rights come with the account from the
 * server's stored matrix; the dashboard keeps no copy of its defaults.
 */
export function usePermission(resource: PermissionResource, action: PermissionAction): boolean {
  const { user } = useAuth();
  return hasPermission(user, resource, action);
}
