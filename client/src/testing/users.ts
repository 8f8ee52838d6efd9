import type { CurrentUser } from '../api/current-user';

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    username: 'alice',
    email: 'alice@example.com',
    image: { url: '/api/images/default', hasImage: false },
    isDemo: false,
    isConfirmed: true,
    role: 'kyc',
    webhook: null,
    redirectUrl: null,
    ...overrides,
  };
}
