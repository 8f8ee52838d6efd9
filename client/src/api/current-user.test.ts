import { describe, expect, it } from 'vitest';

import { mockFetch } from '../testing/mock-fetch';
import { buildUser } from '../testing/users';
import { currentUserQueryOptions, currentUserRefetchInterval, getCurrentUser } from './current-user';

describe('GET /api/users/me', () => {
  it.each([401, 403])('treats %i as signed out, not as an error', async (status) => {
    mockFetch(() => ({ status, body: { statusCode: status, message: 'Unauthorized' } }));
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('passes other failures on', async () => {
    mockFetch(() => ({ status: 500, body: { statusCode: 500, message: 'Internal server error' } }));
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 500 });
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
