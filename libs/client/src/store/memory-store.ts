import type { JsonValue } from '../json';
import { DurableStore, queryCovers, sortedSnapshot, StoreChange, StoreQuery, StoreSnapshot } from './durable-store';

/**
 * The storage behind memory stores: what a disk is to a file store. Handles
 * opened on one disk behave like tabs on one IndexedDB database, which is
 * how tests run several tabs, and crashes (a handle dropped mid-work, a new
 * one opened on the same disk).
 */
export class MemoryDisk {
  private entries = new Map<string, JsonValue>();
  private readonly handles = new Set<MemoryStoreHandle>();

  /** Every entry, for tests that look at what was kept. */
  get contents(): ReadonlyMap<string, JsonValue> {
    return this.entries;
  }

  open(): MemoryStoreHandle {
    const handle = new MemoryStoreHandle(this);
    this.handles.add(handle);
    return handle;
  }

  /** @internal */
  snapshot(query: StoreQuery): StoreSnapshot {
    return sortedSnapshot([...this.entries].filter(([key]) => queryCovers(query, key)).map(([key, value]) => [key, clone(value)]));
  }

  /** @internal Applies a change at one instant, then tells the other handles. */
  commit(from: MemoryStoreHandle, change: StoreChange<unknown>): void {
    const next = new Map(this.entries);
    for (const key of change.delete ?? []) next.delete(key);
    for (const [key, value] of change.put ?? []) next.set(key, clone(value));
    this.entries = next;
    const keys = [...(change.delete ?? []), ...(change.put?.keys() ?? [])];
    if (keys.length === 0) return;
    for (const handle of this.handles) if (handle !== from) handle.notify(keys);
  }

  /** @internal */
  closed(handle: MemoryStoreHandle): void {
    this.handles.delete(handle);
  }
}

// Values cross the store boundary as copies, as they would through IndexedDB's structured clone.
const clone = (value: JsonValue): JsonValue => JSON.parse(JSON.stringify(value)) as JsonValue;

export class MemoryStoreHandle implements DurableStore {
  private readonly watchers = new Set<(keys: readonly string[]) => void>();
  private dead = false;

  constructor(private readonly disk: MemoryDisk) {}

  async read(query: StoreQuery): Promise<StoreSnapshot> {
    await Promise.resolve();
    this.assertAlive();
    return this.disk.snapshot(query);
  }

  async update<T>(query: StoreQuery, change: (snapshot: StoreSnapshot) => StoreChange<T>): Promise<T> {
    await Promise.resolve();
    this.assertAlive();
    const result = change(this.disk.snapshot(query));
    this.disk.commit(this, result);
    return result.result;
  }

  watch(listener: (keys: readonly string[]) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  async close(): Promise<void> {
    this.dead = true;
    this.disk.closed(this);
  }

  /** A crash: from now on the handle reads and writes nothing, and hears nothing. */
  kill(): void {
    this.dead = true;
    this.watchers.clear();
    this.disk.closed(this);
  }

  /** @internal */
  notify(keys: readonly string[]): void {
    if (this.dead) return;
    for (const watcher of [...this.watchers]) watcher(keys);
  }

  private assertAlive(): void {
    if (this.dead) throw new Error('This store handle is closed');
  }
}

/** A store in memory: nothing survives the process. Pass a `MemoryDisk` to share one between handles. */
export function memoryStore(disk: MemoryDisk = new MemoryDisk()): MemoryStoreHandle {
  return disk.open();
}
