import { ConfigModule as NestConfigModule, registerAs, type ConfigType } from '@nestjs/config';
import { loadEnvironment } from './environment.js';

/** The validated environment, injected with `@Inject(appConfig.KEY) env: AppConfig`. */
export const appConfig = registerAs('app', () => loadEnvironment());
export type AppConfig = ConfigType<typeof appConfig>;

export const ConfigModule = NestConfigModule.forRoot({
  isGlobal: true,
  ignoreEnvFile: true,
  load: [appConfig],
});
