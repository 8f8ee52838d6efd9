import type { EventEmitter } from 'node:events';

/**
 * Resolves with the first value `probe` returns other than undefined. The probe runs now and
 * again each time `emitter` emits one of `events` — driven by what happens, never by a timer.
 * Rejects when the probe throws, or once `timeoutMs` have passed with a message naming `what`
 * (a deadline that fails the test, not a pause).
 */
export function when<T>(emitter: EventEmitter, events: string[], probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const settle = (finish: () => void) => {
      for (const event of events) emitter.off(event, check);
      deadline.removeEventListener('abort', expire);
      finish();
    };
    const expire = () => settle(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)));
    function check() {
      let value: T | undefined;
      try {
        value = probe();
      } catch (error) {
        settle(() => reject(error));
        return;
      }
      if (value !== undefined) settle(() => resolve(value));
    }
    for (const event of events) emitter.on(event, check);
    deadline.addEventListener('abort', expire, { once: true });
    check();
  });
}

/**
 * Polls `probe` until it returns a value (sync or async); fails after `timeoutMs`. For a state
 * nothing announces (a row written by another process, a count in a service); where an
 * event exists, `when` waits on it instead.
 */
export async function waitUntil<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000, what = 'the condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
