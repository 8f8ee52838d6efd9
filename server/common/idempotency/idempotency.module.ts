import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyRecord } from './idempotency-record.entity.js';
import { Idempotency } from './idempotency.js';

/** Idempotent integrator writes (`Idempotency-Key`): one service, one hourly clean-up, for every module that needs it. */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyRecord])],
  providers: [Idempotency],
  exports: [Idempotency],
})
export class IdempotencyModule {}
