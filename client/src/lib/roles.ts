import type { Role } from '../api/current-user';

export const ROLE_RANK: Readonly<Record<Role, number>> = {
  'super-admin': 3,
  admin: 2,
  kyc: 1,
};

function rankOf(role: string): number {
  if (!Object.hasOwn(ROLE_RANK, role)) throw new Error(`Unknown role: ${role}`);
  return ROLE_RANK[role as Role];
}

export function hasRoleAtLeast(role: string, required: Role): boolean {
  return rankOf(role) >= rankOf(required);
}

export function hasExactRole(role: string, required: Role): boolean {
  return rankOf(role) === rankOf(required);
}

/** How a role is written in the interface. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  'super-admin': 'Super-admin',
  admin: 'Admin',
  kyc: 'KYC',
};
