import { Initial1795225708831 } from './1795225708831-Initial.js';
import { SeedPermissions1795225800000 } from './1795225800000-SeedPermissions.js';
/** Every migration, in order; `npm run migration:generate -- <Name>` appends new ones. */
export const migrations: Function[] = [
  Initial1795225708831,
  SeedPermissions1795225800000,
];
