import type { User as AppUser } from '../users/user.entity.js';
import type { RoleRights } from '../common/access/permissions.js';

declare global {
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges our User into Express's (passport's) User.
    interface User extends AppUser {}
    interface Request {
      user?: User;
      /** How the caller authenticated; absent for visitors. */
      authMethod?: 'session' | 'api-key';
      /** What the caller's role may do, read with the account (CallerReader). */
      rights?: RoleRights;
    }
  }
}
