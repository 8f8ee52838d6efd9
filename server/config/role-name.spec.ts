import { isRoleName, roleRank } from './role-name.js';

describe('role ranks', () => {
  it('rank super-admin above admin above kyc', () => {
    expect(roleRank('super-admin')).toBe(3);
    expect(roleRank('admin')).toBe(2);
    expect(roleRank('kyc')).toBe(1);
  });

  it('refuse any other name instead of treating it as the lowest role', () => {
    expect(isRoleName('owner')).toBe(false);
    expect(isRoleName('__proto__')).toBe(false);
    expect(() => roleRank('owner')).toThrow("Unknown role 'owner'");
  });
});
