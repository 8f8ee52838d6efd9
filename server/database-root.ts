import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { appConfig, type AppConfig } from './config/config.module.js';
import { dataSourceOptions } from './data-source-options.js';
import { ConfigurationError } from './config/environment.js';
import { moveEvidenceCrops } from './faces/evidence-crops.js';
import { openDataKeyring } from './data-protection/data-keyring.js';
import { installSqliteTransactionGate } from './database/sqlite-transaction-gate.js';

/**
 * The database connection of the app and of `npm run worker`: migrations run at start,
 * SQLite writers gated, the data encryption key checked (a wrong key stops the start),
 * then the data moves that need the key (face crops out of older checks' evidence).
 */
export function databaseRoot(): DynamicModule {
  return TypeOrmModule.forRootAsync({
    inject: [appConfig.KEY],
    useFactory: (env: AppConfig) => ({
      ...dataSourceOptions(env),
      migrationsRun: true,
      retryAttempts: 3,
      toRetry: (error: unknown) => !(error instanceof ConfigurationError),
      dataEncryption: env.dataEncryption,
    }),
    dataSourceFactory: async (options) => {
      const { dataEncryption, ...rest } = options as typeof options & { dataEncryption: AppConfig['dataEncryption'] };
      const dataSource = await new DataSource(rest as DataSourceOptions).initialize();
      installSqliteTransactionGate(dataSource);
      try {
        await openDataKeyring(dataSource, dataEncryption);
        await moveEvidenceCrops(dataSource);
      } catch (error) {
        await dataSource.destroy();
        throw error;
      }
      return dataSource;
    },
  });
}
