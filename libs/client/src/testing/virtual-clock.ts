import type { Clock, TimerHandle } from '../clock';

interface Timer {
  readonly at: number;
  readonly order: number;
  readonly callback: () => void;
}

const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A clock tests move by hand: timers fire in order of their time as the
 * test advances it, and between two timers every promise chain that can
 * settle does. Runs are deterministic and take no wall time.
 */
export class VirtualClock implements Clock {
  private time = 0;
  private order = 0;
  private readonly timers = new Map<number, Timer>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = (this.order += 1);
    this.timers.set(id, { at: this.time + Math.max(0, ms), order: id, callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }

  /** Lets every promise chain that can settle without a timer settle. */
  async settle(): Promise<void> {
    for (let i = 0; i < 5; i += 1) await macrotask();
  }

  /** Moves time forward by `ms`, firing the timers due on the way. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    await this.settle();
    for (;;) {
      const next = this.nextTimer();
      if (!next || next[1].at > until) break;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].callback();
      await this.settle();
    }
    this.time = until;
    await this.settle();
  }

  /** Advances until `done()` holds, timer by timer; fails after `maxMs` of clock time. */
  async runUntil(done: () => boolean, maxMs: number, what = 'the condition'): Promise<void> {
    const deadline = this.time + maxMs;
    await this.settle();
    let idle = 0;
    while (!done()) {
      const next = this.nextTimer();
      if (!next || next[1].at > deadline) {
        // Nothing left on this clock: real I/O (a file store's write) may still be finishing.
        if ((idle += 1) > 200) throw new Error(`${what} did not hold within ${maxMs} ms of clock time (now ${this.time})`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      idle = 0;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].callback();
      await this.settle();
    }
  }

  /** Advances the clock until `promise` settles, and returns what it settled to. */
  async drive<T>(promise: Promise<T>, maxMs = 600_000): Promise<T> {
    let settled = false;
    const watched = promise.finally(() => {
      settled = true;
    });
    watched.catch(() => undefined);
    await this.runUntil(() => settled, maxMs, 'the awaited work');
    return watched;
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  private nextTimer(): [number, Timer] | undefined {
    let best: [number, Timer] | undefined;
    for (const entry of this.timers) if (!best || entry[1].at < best[1].at || (entry[1].at === best[1].at && entry[1].order < best[1].order)) best = entry;
    return best;
  }
}
