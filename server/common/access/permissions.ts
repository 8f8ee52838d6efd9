import type { RoleName } from '../../config/role-name.js';

export const PERMISSION_RESOURCES = ['organizations', 'members', 'applicants', 'audit', 'api-keys', 'webhooks', 'roles', 'users'] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

export const PERMISSION_ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** The stored permission matrix's row for the caller's role: resource → actions. */
export type RoleRights = Readonly<Partial<Record<PermissionResource, readonly PermissionAction[]>>>;

const ALL: PermissionAction[] = [...PERMISSION_ACTIONS];

/**
 * The matrix seeded on first start. Self-registered integrators are `kyc` users who
 * own organizations, so kyc may work fully inside the organizations it belongs to;
 * administration (roles, users) is for super-admins.
 */
export const DEFAULT_PERMISSIONS: Record<RoleName, Record<PermissionResource, PermissionAction[]>> = {
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
