import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appConfig, type AppConfig } from './config/config.module.js';
import { dataSourceOptions } from './data-source-options.js';
import { installSqliteTransactionGate } from './database/sqlite-transaction-gate.js';

/** The database connection of the app and of `npm run worker`: migrations run at start, SQLite writers gated. */
export function databaseRoot(): DynamicModule {
  return TypeOrmModule.forRootAsync({
    inject: [appConfig.KEY],
    useFactory: (env: AppConfig) => ({ ...dataSourceOptions(env), migrationsRun: true, retryAttempts: 3 }),
    dataSourceFactory: async (options) => {
      const dataSource = await new DataSource(options!).initialize();
      installSqliteTransactionGate(dataSource);
      return dataSource;
    },
  });
}
