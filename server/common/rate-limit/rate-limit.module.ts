import { Global, Module } from '@nestjs/common';
import { RateLimiter } from './rate-limiter.js';

/** The one rate limiter, for every module. */
@Global()
@Module({ providers: [RateLimiter], exports: [RateLimiter] })
export class RateLimitModule {}
