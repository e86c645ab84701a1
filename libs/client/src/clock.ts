/** Time as the SDK reads it: injected, so tests run backoffs and token expiry on a clock of their own. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Whatever the clock's `setTimeout` returns; only handed back to its `clearTimeout`. */
export type TimerHandle = unknown;

interface HostTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The platform's clock. Timers are unref'd where the platform can, so a Node script ends when its work does. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timers = globalThis as unknown as HostTimers;
    const handle = timers.setTimeout(callback, ms) as { unref?: () => void } | number;
    if (typeof handle === 'object' && typeof handle.unref === 'function') handle.unref();
    return handle;
  },
  clearTimeout(handle) {
    (globalThis as unknown as HostTimers).clearTimeout(handle);
  },
};

export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms));
}
