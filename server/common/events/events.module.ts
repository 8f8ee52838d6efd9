import { Global, Module } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import { StatusBus } from './status-bus.js';

/** The applicant status bus: in-process by default, Redis pub/sub when REDIS_URL is set. */
@Global()
@Module({
  providers: [{ provide: StatusBus, inject: [appConfig.KEY], useFactory: (env: AppConfig) => new StatusBus(env.redisUrl) }],
  exports: [StatusBus],
})
export class EventsModule {}
