import { LessThan, type Repository } from 'typeorm';
import { sha256 } from '../common/crypto.js';
import type { LoginThrottle } from './login-throttle.entity.js';

export interface CountedAttempt {
  /** Attempts in the current window, this one included. */
  attempts: number;
  /** Minutes until the window ends (at least 1). */
  minutesLeft: number;
}

/**
 * Counts attempts per key in fixed windows, in the database so every replica counts
 * together (the login_throttle table). Keys are stored hashed: they contain IP addresses.
 */
export async function countAttempt(rows: Repository<LoginThrottle>, key: string, windowMs: number): Promise<CountedAttempt> {
  const keyHash = sha256(key);
  const now = Date.now();
  const row = await rows.findOneBy({ keyHash });
  if (!row || row.windowStartedAt.getTime() + windowMs <= now) {
    await rows.upsert({ keyHash, failures: 1, windowStartedAt: new Date(now) }, ['keyHash']);
    if (Math.random() < 0.01) await rows.delete({ windowStartedAt: LessThan(new Date(now - 24 * 60 * 60 * 1000)) });
    return { attempts: 1, minutesLeft: Math.ceil(windowMs / 60_000) };
  }
  await rows.increment({ keyHash }, 'failures', 1);
  const attempts = (await rows.findOneBy({ keyHash }))?.failures ?? 1;
  return { attempts, minutesLeft: Math.max(1, Math.ceil((row.windowStartedAt.getTime() + windowMs - now) / 60_000)) };
}

export async function forgetAttempts(rows: Repository<LoginThrottle>, key: string): Promise<void> {
  await rows.delete({ keyHash: sha256(key) });
}
