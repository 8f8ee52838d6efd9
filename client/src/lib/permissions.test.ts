import { describe, expect, it } from 'vitest';

import type { RoleDto } from '../api/generated/types.gen';
import { hasPermission } from './permissions';

const role = (name: RoleDto['name'], actions: RoleDto['permissions'][number]['actions']): RoleDto => ({
  name,
  permissions: [{ id: `${name}-applicants`, resource: 'applicants', actions, version: 1 }],
});

describe('permissions', () => {
  it('answers from the seeded defaults without a stored matrix', () => {
    expect(hasPermission('kyc', 'applicants', 'update')).toBe(true);
    expect(hasPermission('kyc', 'applicants', 'create')).toBe(false);
    expect(hasPermission('kyc', 'roles', 'read')).toBe(false);
    expect(hasPermission('admin', 'roles', 'read')).toBe(true);
    expect(hasPermission('owner', 'applicants', 'read')).toBe(false);
  });

  it('answers from the stored matrix when there is one', () => {
    const matrix = [role('admin', ['read']), role('kyc', ['read', 'update'])];
    expect(hasPermission('admin', 'applicants', 'update', matrix)).toBe(false);
    expect(hasPermission('admin', 'applicants', 'read', matrix)).toBe(true);
    expect(hasPermission('admin', 'members', 'read', matrix)).toBe(false);
    // A role the matrix does not list falls back to the defaults.
    expect(hasPermission('super-admin', 'applicants', 'update', matrix)).toBe(true);
  });
});
