import type { CurrentUser } from '../api/current-user';
import { urlOf } from '../api/endpoints';
import { imagesDefaultImage } from '../api/sdk';

/** A reviewer's rights in these tests: reads and works on applicants, administers nothing. Tests of other rights pass their own. */
const REVIEWER_PERMISSIONS: CurrentUser['permissions'] = [
  { resource: 'organizations', actions: ['create', 'read'] },
  { resource: 'members', actions: ['create', 'read', 'delete'] },
  { resource: 'applicants', actions: ['read', 'update', 'delete'] },
  { resource: 'audit', actions: ['read'] },
  { resource: 'api-keys', actions: ['read', 'update'] },
  { resource: 'webhooks', actions: ['read', 'update'] },
];

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '1',
    username: 'alice',
    email: 'alice@example.com',
    image: { url: urlOf(imagesDefaultImage), hasImage: false },
    isDemo: false,
    isConfirmed: true,
    role: 'kyc',
    webhook: null,
    redirectUrl: null,
    permissions: REVIEWER_PERMISSIONS,
    ...overrides,
  };
}
