import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../clock.js';
import { JobLock } from './job-lock.entity.js';
import { JobLockService } from './job-lock.service.js';

/** The clock every scheduled job reads, and the lock that makes a job run on one replica. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([JobLock])],
  providers: [Clock, JobLockService],
  exports: [Clock, JobLockService],
})
export class JobsModule {}
