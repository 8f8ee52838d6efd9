/** Who a piece of capture work is for: the key it is shared out by (the end user's address), and a way to give it up. */
export interface CaptureTicket {
  /** Work of the same owner runs in the order it was asked for; owners share the threads fairly. */
  owner: string;
  /** Aborted: the work is dropped if it has not started (a running task is left to finish). */
  signal?: AbortSignal;
}

/** How long an owner's use of the threads is remembered: it halves every 10 s. */
const USAGE_HALF_LIFE_MS = 10_000;

interface Waiting {
  owner: string;
  start: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Usage {
  ms: number;
  at: number;
}

/**
 * A queue in front of a fixed number of threads that shares them out by owner instead of
 * first come, first served: when a thread frees up, the owner who has used the threads
 * least lately (time, decaying with a 10 s half-life) goes next, and an owner's own work
 * runs in order. One address uploading photos as fast as it can therefore has the threads
 * only when nobody else is waiting: another end user waits at most for the tasks already
 * running. Work given up before it starts costs nothing.
 */
export class FairLane {
  private readonly waiting: Waiting[] = [];
  private readonly usage = new Map<string, Usage>();
  private running = 0;

  constructor(
    private readonly concurrency: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `start` when a thread is free and it is this owner's turn. */
  run<T>(ticket: CaptureTicket, start: () => Promise<T>): Promise<T> {
    const { signal } = ticket;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = { owner: ticket.owner, start, resolve: resolve as (value: unknown) => void, reject, signal };
      if (signal) {
        entry.onAbort = () => {
          const index = this.waiting.indexOf(entry);
          if (index < 0) return;
          this.waiting.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.waiting.push(entry);
      this.dispatch();
    });
  }

  /** Tasks waiting for a thread (for tests and benchmarks). */
  get queued(): number {
    return this.waiting.length;
  }

  private dispatch(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const entry = this.waiting.splice(this.next(), 1)[0];
      if (entry.onAbort) entry.signal!.removeEventListener('abort', entry.onAbort);
      this.running += 1;
      const began = this.now();
      let work: Promise<unknown>;
      try {
        work = entry.start();
      } catch (error) {
        work = Promise.reject(error);
      }
      work.then(entry.resolve, entry.reject).finally(() => {
        this.running -= 1;
        this.charge(entry.owner, this.now() - began);
        this.dispatch();
      });
    }
  }

  /** The index of the first waiting task of the owner with the least recent use. */
  private next(): number {
    const now = this.now();
    let best = 0;
    let bestUse = Infinity;
    const seen = new Set<string>();
    for (let index = 0; index < this.waiting.length; index++) {
      const { owner } = this.waiting[index];
      if (seen.has(owner)) continue;
      seen.add(owner);
      const use = this.usageOf(owner, now);
      if (use < bestUse) [best, bestUse] = [index, use];
    }
    return best;
  }

  private usageOf(owner: string, now: number): number {
    const usage = this.usage.get(owner);
    if (!usage) return 0;
    return usage.ms * 0.5 ** ((now - usage.at) / USAGE_HALF_LIFE_MS);
  }

  private charge(owner: string, ms: number): void {
    const now = this.now();
    this.usage.set(owner, { ms: this.usageOf(owner, now) + ms, at: now });
    // Forget owners whose use has decayed to nothing, so the map does not grow with every address seen.
    if (this.usage.size > 1000) {
      for (const [key] of this.usage) if (this.usageOf(key, now) < 1) this.usage.delete(key);
    }
  }
}
