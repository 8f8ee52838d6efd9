import { describe, expect, it } from 'vitest';

import { hasExactRole, hasRoleAtLeast } from './roles';

describe('roles (super-admin 3 > admin 2 > kyc 1)', () => {
  it('checks "at least this role"', () => {
    expect(hasRoleAtLeast('super-admin', 'admin')).toBe(true);
    expect(hasRoleAtLeast('admin', 'admin')).toBe(true);
    expect(hasRoleAtLeast('kyc', 'admin')).toBe(false);
  });

  it('checks "exactly this role"', () => {
    expect(hasExactRole('super-admin', 'super-admin')).toBe(true);
    expect(hasExactRole('admin', 'super-admin')).toBe(false);
  });

  it('refuses any other role name', () => {
    expect(() => hasRoleAtLeast('owner', 'kyc')).toThrow('Unknown role: owner');
    expect(() => hasExactRole('toString', 'kyc')).toThrow();
  });
});
