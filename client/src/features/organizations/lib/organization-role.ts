import type { OrganizationDto } from '../../../api/generated/types.gen';

export type OrganizationRole = OrganizationDto['role'];

const LABELS: Readonly<Record<OrganizationRole, string>> = {
  owner: 'Owner',
  member: 'Member',
  'super-admin': 'Super-admin access',
};

export function organizationRoleLabel(role: OrganizationRole): string {
  return LABELS[role];
}

/** Owners manage members; a super-admin may too, without belonging to the organization. */
export function canManageMembers(role: OrganizationRole): boolean {
  return role === 'owner' || role === 'super-admin';
}

/** The organization's own settings (e.g. its verification links) follow the same rule as its members. */
export function canChangeSettings(role: OrganizationRole): boolean {
  return canManageMembers(role);
}
