import type { JsonValue } from '../json';

/**
 * The device's durable storage, as the outbox needs it: string keys, JSON
 * values, and atomic read-then-write transactions. Every handle opened on
 * the same storage (the tabs of one browser on one IndexedDB database)
 * sees one order of transactions, so a seq is never handed out twice.
 */
export interface DurableStore {
  /** The values of the keys asked for and of every key under the prefixes, as one consistent snapshot. */
  read(query: StoreQuery): Promise<StoreSnapshot>;
  /**
   * Reads the query's keys, calls `change` with them and writes what it
   * returns, as one transaction: no other transaction on the storage, from
   * any handle, runs in between. `change` must be synchronous and pure;
   * when it throws, nothing is written and `update` rejects with its error.
   */
  update<T>(query: StoreQuery, change: (snapshot: StoreSnapshot) => StoreChange<T>): Promise<T>;
  /** Calls `listener` with the keys a transaction of another handle changed; returns the function that stops it. */
  watch(listener: (keys: readonly string[]) => void): () => void;
  close(): Promise<void>;
}

export interface StoreQuery {
  readonly keys?: readonly string[];
  readonly prefixes?: readonly string[];
}

/** Every key the query named that holds a value, with its value; keys in ascending order. */
export type StoreSnapshot = ReadonlyMap<string, JsonValue>;

export interface StoreChange<T> {
  readonly put?: ReadonlyMap<string, JsonValue>;
  readonly delete?: readonly string[];
  readonly result: T;
}

/** The entries of a snapshot under `prefix`, in key order. */
export function entriesUnder(snapshot: StoreSnapshot, prefix: string): [string, JsonValue][] {
  return [...snapshot].filter(([key]) => key.startsWith(prefix));
}

/** Keys in ascending order, as every store returns them. */
export function sortedSnapshot(entries: Iterable<[string, JsonValue]>): StoreSnapshot {
  return new Map([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Whether `key` is one the query names. */
export function queryCovers(query: StoreQuery, key: string): boolean {
  return (query.keys ?? []).includes(key) || (query.prefixes ?? []).some((prefix) => key.startsWith(prefix));
}
