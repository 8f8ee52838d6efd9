/** Every entity of the application, listed once for the app, ormconfig.ts and the migration tooling. */
export const entities: Function[] = [];
