/** Roles ranked by power; any other name is an error, never silently the lowest. */
export const ROLE_RANKS = { 'super-admin': 3, admin: 2, kyc: 1 } as const;

export type RoleName = keyof typeof ROLE_RANKS;

export const ROLE_NAMES = Object.keys(ROLE_RANKS) as RoleName[];

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && Object.hasOwn(ROLE_RANKS, value);
}

export function roleRank(role: string): number {
  if (!isRoleName(role)) throw new Error(`Unknown role '${role}'`);
  return ROLE_RANKS[role];
}
