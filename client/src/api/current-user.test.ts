import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '../testing/mock-api';
import { buildUser } from '../testing/users';
import { currentUserQueryOptions, currentUserRefetchInterval, getCurrentUser } from './current-user';

describe('the current user (usersMe)', () => {
  it('is the signed-in account', async () => {
    const user = buildUser({ username: 'bob' });
    const api = mockApi({ usersMe: { body: user } });
    await expect(getCurrentUser()).resolves.toEqual(user);
    expect(api.callsTo('usersMe')).toHaveLength(1);
  });

  it.each([401, 403])('treats %i as signed out, not as an error', async (status) => {
    // The server sends 401 SIGN_IN_REQUIRED; a 403 (spec §8) would come from something in front of it, without a code.
    mockApi({
      usersMe: status === 401 ? apiError(401, 'SIGN_IN_REQUIRED') : { status, body: { statusCode: status, message: 'Forbidden', error: 'Forbidden' } },
    });
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('passes other failures on', async () => {
    mockApi({ usersMe: apiError(500, 'INTERNAL_ERROR', 'Internal server error') });
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
  });

  it('uses the users/me key, no retry and no refetch on focus', () => {
    const options = currentUserQueryOptions();
    expect(options.queryKey).toEqual(['users', 'me']);
    expect(options.retry).toBe(false);
    expect(options.refetchOnWindowFocus).toBe(false);
  });

  it('refreshes every 60 s unless the last answer was 401/403', () => {
    expect(currentUserRefetchInterval(buildUser())).toBe(60_000);
    expect(currentUserRefetchInterval(undefined)).toBe(60_000);
    expect(currentUserRefetchInterval(null)).toBe(false);
  });
});
