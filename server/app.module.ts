import { Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { TypeOrmModule } from '@nestjs/typeorm';
import { appConfig, ConfigModule, type AppConfig } from './config/config.module.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { AuthCoreModule } from './common/auth/auth-core.module.js';
import { HealthModule } from './health/health.module.js';
import { RolesModule } from './roles/roles.module.js';
import { loadEnvironment } from './config/environment.js';

@Module({
  imports: [
    ConfigModule,
    TypeOrmModule.forRootAsync({
      inject: [appConfig.KEY],
      useFactory: (env: AppConfig) => ({ ...dataSourceOptions(env), migrationsRun: true, retryAttempts: 3 }),
    }),
    ServeStaticModule.forRoot({
      rootPath: loadEnvironment().clientDir,
      exclude: ['/api/{*path}'],
      serveStaticOptions: { index: false, maxAge: '1h' },
    }),
    AuthCoreModule,
    HealthModule,
    RolesModule,
  ],
})
export class AppModule {}
