import { Injectable } from '@nestjs/common';

/**
 * The time as the server sees it. Injected wherever time decides behaviour (retry
 * schedules, locks) so tests move it forward instead of waiting.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
