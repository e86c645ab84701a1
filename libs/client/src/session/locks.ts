/**
 * Mutual exclusion by name, across every tab of a browser where the
 * platform allows it: one refresh of a session at a time, one push of a
 * campaign's outbox at a time. `work` runs while the lock is held.
 */
export interface LockAdapter {
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** The Web Locks API (`navigator.locks`), present in every current browser. */
interface WebLocksLike {
  request<T>(name: string, options: { mode: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

/** Locks held by the browser for every tab of the origin; a closed or crashed tab's locks are released by the browser. */
export function webLocks(locks: WebLocksLike): LockAdapter {
  return { exclusive: (name, work) => locks.request(name, { mode: 'exclusive' }, work) };
}

/** Locks of one JavaScript realm: a queue per name. */
export function inProcessLocks(): LockAdapter {
  const tails = new Map<string, Promise<unknown>>();
  return {
    exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(work, work);
      const tail = run.then(
        () => undefined,
        () => undefined,
      );
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return run;
    },
  };
}

const realmLocks = inProcessLocks();

/** Web Locks where the platform has them; otherwise one queue per name for every client of this realm. */
export function defaultLocks(): LockAdapter {
  const locks = (globalThis as { navigator?: { locks?: WebLocksLike } }).navigator?.locks;
  return locks ? webLocks(locks) : realmLocks;
}
