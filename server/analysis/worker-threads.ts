import { setPriority } from 'node:os';
import { workerData } from 'piscina';

/**
 * The nice value of threads doing work nobody waits for (19, the lowest priority, on
 * Linux): the OS gives them only the CPU time the HTTP thread and capture checks leave,
 * so a backlog of analyses or the demo's drawing does not slow the pages staff are
 * reading (bench/analysis-load.mjs).
 */
export const BACKGROUND_NICE = 19;

/** What every pool of this layer passes its threads. */
export interface PoolWorkerData {
  /** The threads' nice value: 0, or BACKGROUND_NICE. */
  nice: number;
}

/**
 * Run at the top of a worker module: applies the pool's nice value to this thread. Linux
 * keeps a nice value per thread, and the threads this one starts (the OCR engine's)
 * inherit it; elsewhere the call would lower the whole process, HTTP thread included.
 */
export function applyPoolPriority(): void {
  // Outside a pool (a unit test importing a worker module) there is no workerData: nothing to apply.
  const { nice } = (workerData ?? { nice: 0 }) as PoolWorkerData;
  if (nice > 0 && process.platform === 'linux') setPriority(nice);
}
