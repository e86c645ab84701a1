import type { LockAdapter } from '../session/locks';

interface Waiting {
  readonly tab: string;
  readonly start: () => void;
}

/**
 * Locks shared by the tabs of one simulated browser, as Web Locks are: a
 * tab that crashes while holding one, or while waiting for one, lets it go,
 * and the next tab in line gets it.
 */
export class TabLocks {
  private readonly holders = new Map<string, string>();
  private readonly queues = new Map<string, Waiting[]>();
  private readonly dead = new Set<string>();

  forTab(tab: string): LockAdapter {
    return {
      exclusive: <T>(name: string, work: () => Promise<T>) =>
        new Promise<T>((resolve, reject) => {
          if (this.dead.has(tab)) return;
          const start = () => {
            this.holders.set(name, tab);
            work()
              .then(resolve, reject)
              .finally(() => {
                if (this.holders.get(name) === tab) this.release(name);
              });
          };
          const queue = this.queues.get(name) ?? [];
          this.queues.set(name, queue);
          if (!this.holders.has(name) && queue.length === 0) start();
          else queue.push({ tab, start });
        }),
    };
  }

  /** The tab is gone: its locks pass on, its waits are dropped, and the work it was doing can no longer release anything. */
  kill(tab: string): void {
    this.dead.add(tab);
    for (const [name, queue] of this.queues) this.queues.set(name, queue.filter((waiting) => waiting.tab !== tab));
    for (const [name, holder] of [...this.holders]) if (holder === tab) this.release(name);
  }

  private release(name: string): void {
    this.holders.delete(name);
    const next = this.queues.get(name)?.shift();
    if (next) next.start();
  }
}
