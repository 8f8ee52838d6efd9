import { Initial1795225624399 } from './1795225624399-Initial.js';
import { SeedPermissions1795225700000 } from './1795225700000-SeedPermissions.js';
/** Every migration, in order; `npm run migration:generate -- <Name>` appends new ones. */
export const migrations: Function[] = [
  Initial1795225624399,
  SeedPermissions1795225700000,
];
