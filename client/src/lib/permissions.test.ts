import { describe, expect, it } from 'vitest';

import { buildUser } from '../testing/users';
import { hasPermission } from './permissions';

describe('permissions', () => {
  it("answers from the rights the server sent with the account, whatever the role's name", () => {
    const reader = buildUser({ role: 'admin', permissions: [{ resource: 'applicants', actions: ['read'] }] });
    expect(hasPermission(reader, 'applicants', 'read')).toBe(true);
    expect(hasPermission(reader, 'applicants', 'update')).toBe(false);
    expect(hasPermission(reader, 'members', 'read')).toBe(false);
  });

  it('allows nothing to a signed-out visitor', () => {
    expect(hasPermission(null, 'applicants', 'read')).toBe(false);
  });
});
