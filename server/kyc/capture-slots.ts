import { Inject, Injectable } from '@nestjs/common';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { addressKey } from '../common/rate-limit/address-key.js';
import { KYC_ERRORS } from './kyc.errors.js';

/** How long an upload waits for its session's or address's photo checks to make room before 429 CAPTURE_BUSY. */
export const CAPTURE_SLOT_WAIT_MS = 2_000;
/** What CAPTURE_BUSY's Retry-After says. */
export const CAPTURE_BUSY_RETRY_SECONDS = 3;

/** Room for one upload's photo checks; `release` once every task it started has finished (or was dropped). */
export interface CaptureSlot {
  release(): void;
}

interface Waiter {
  session: string;
  ip: string;
  grant: () => void;
}

/**
 * How many uploads of one verification session, and of one IP address, may have their
 * photo checks (measures, pre-fill reading, on the capture threads) under way at once in
 * this process (an IPv6 address counted by its /64). A slot is held until the work on the threads has ended, not until the
 * upload answers: an upload answered without its pre-fill still counts while its reading
 * runs, so answering quickly never lets an address queue more. An upload beyond the
 * bound waits up to 2 s for room (a real end user retaking a photo, or several behind
 * one office address, never sees an error), then gets 429 CAPTURE_BUSY with Retry-After.
 */
@Injectable()
export class CaptureSlots {
  private readonly bySession = new Map<string, number>();
  private readonly byIp = new Map<string, number>();
  private readonly waiters: Waiter[] = [];
  private readonly perSession: number;
  private readonly perIp: number;

  constructor(@Inject(appConfig.KEY) env: AppConfig) {
    this.perSession = env.verification.capturesPerSession;
    this.perIp = env.verification.capturesPerIp;
  }

  /** Uploads waiting for room now (beyond their session's or address's share). */
  get waiting(): number {
    return this.waiters.length;
  }

  async acquire(sessionId: string, address: string | undefined, waitMs = CAPTURE_SLOT_WAIT_MS): Promise<CaptureSlot> {
    const session = sessionId;
    const ip = addressKey(address);
    // Every waiter that fits was granted at the last release: one that fits now passes no one that could go.
    if (this.fits(session, ip)) return this.take(session, ip);
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { session, ip, grant: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(KYC_ERRORS.error('CAPTURE_BUSY').retryAfter(CAPTURE_BUSY_RETRY_SECONDS));
      }, waitMs);
      this.waiters.push(waiter);
    });
    // Granted: the count was taken for it by wake().
    return this.slot(session, ip);
  }

  private fits(session: string, ip: string): boolean {
    return (this.bySession.get(session) ?? 0) < this.perSession && (this.byIp.get(ip) ?? 0) < this.perIp;
  }

  private take(session: string, ip: string): CaptureSlot {
    this.bySession.set(session, (this.bySession.get(session) ?? 0) + 1);
    this.byIp.set(ip, (this.byIp.get(ip) ?? 0) + 1);
    return this.slot(session, ip);
  }

  private slot(session: string, ip: string): CaptureSlot {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        decrement(this.bySession, session);
        decrement(this.byIp, ip);
        this.wake();
      },
    };
  }

  /** Grants waiting uploads, in the order they came, that now fit. */
  private wake(): void {
    for (let index = 0; index < this.waiters.length;) {
      const waiter = this.waiters[index];
      if (!this.fits(waiter.session, waiter.ip)) {
        index++;
        continue;
      }
      this.waiters.splice(index, 1);
      this.bySession.set(waiter.session, (this.bySession.get(waiter.session) ?? 0) + 1);
      this.byIp.set(waiter.ip, (this.byIp.get(waiter.ip) ?? 0) + 1);
      waiter.grant();
    }
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const count = (counts.get(key) ?? 0) - 1;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}
