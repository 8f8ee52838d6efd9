import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { typeOrmExecutor } from './plain-sql.js';

/** The injection token of the app's one plain-SQL executor (`@Inject(APP_SQL) sql: SqlExecutor`). */
export const APP_SQL = Symbol('APP_SQL');

/**
 * The app's plain-SQL executor on its DataSource, built once: the hot reads (the caller,
 * memberships, the applicants list and details) share its prepared statements on SQLite
 * instead of each keeping a cache of its own. Everything else reads through TypeORM.
 */
@Global()
@Module({
  providers: [{ provide: APP_SQL, inject: [DataSource], useFactory: typeOrmExecutor }],
  exports: [APP_SQL],
})
export class AppSqlModule {}
