import { Clock } from '../../server/common/clock.js';
import type { TestApp } from './app.js';

/** Takes over the app's clock: time stands still until `advance` moves it. */
export function driveClock(t: TestApp): { now(): Date; advance(ms: number): Date; restore(): void } {
  const clock = t.app.get(Clock, { strict: false });
  let current = Date.now();
  clock.now = () => new Date(current);
  return {
    now: () => new Date(current),
    advance: (ms) => new Date((current += ms)),
    restore: () => {
      delete (clock as Partial<Clock>).now; // back to the prototype's real clock
    },
  };
}
