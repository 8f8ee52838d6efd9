/** Every migration, in order; `npm run migration:generate -- <Name>` appends new ones. */
export const migrations: Function[] = [];
