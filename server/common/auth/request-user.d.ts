import type { User as AppUser } from '../../users/user.entity.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express augments its Request through this namespace.
  namespace Express {
    interface User extends AppUser {}
    interface Request {
      user?: User;
      /** How the caller authenticated; absent for visitors. */
      authMethod?: 'session' | 'api-key';
    }
  }
}
