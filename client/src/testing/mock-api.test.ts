import { describe, expect, it } from 'vitest';

import { usersMe } from '../api/sdk';
import { apiError, assertAnswersDocumented, mockApi } from './mock-api';

describe('mockApi', () => {
  it("fails the test that mocks a code the operation never sends (openapi.json's codes per status)", async () => {
    // The drift this caught: users/me answers 401 SIGN_IN_REQUIRED, tests mocked UNAUTHENTICATED.
    mockApi({ usersMe: apiError(401, 'UNAUTHENTICATED') });
    await expect(usersMe()).rejects.toMatchObject({ status: 401 });
    expect(() => assertAnswersDocumented()).toThrow('usersMe never answers 401 UNAUTHENTICATED: openapi.json documents SIGN_IN_REQUIRED');
  });

  it('lets a documented answer through', async () => {
    mockApi({ usersMe: apiError(401, 'SIGN_IN_REQUIRED') });
    await expect(usersMe()).rejects.toMatchObject({ status: 401, code: 'SIGN_IN_REQUIRED' });
    expect(() => assertAnswersDocumented()).not.toThrow();
  });
});
