import type { CurrentUser } from '../api/current-user';
import { urlOf } from '../api/endpoints';
import { imagesDefaultImage } from '../api/sdk';

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
    ...overrides,
  };
}
