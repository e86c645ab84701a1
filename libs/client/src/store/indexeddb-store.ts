import type { JsonValue } from '../json';
import { DurableStore, sortedSnapshot, StoreChange, StoreQuery, StoreSnapshot } from './durable-store';

/**
 * The browser default: one IndexedDB database holding one object store of
 * entries. IndexedDB runs read-write transactions over the same store one
 * at a time for every tab of the origin, which is what makes a seq handed
 * out in one tab unique in all of them. Writes are asked for with strict
 * durability: a transaction is reported done once the browser has flushed
 * it, so an action the app was told is saved survives a crash of the
 * browser or the machine, not only a closed tab.
 */
const ENTRIES = 'entries';

export interface IndexedDbStoreOptions {
  /** The database's name; one per endpoint keeps two deployments apart. */
  readonly name: string;
  /** Defaults to `globalThis.indexedDB`. */
  readonly indexedDB?: IdbFactoryLike;
  /** Defaults to `globalThis.BroadcastChannel`, which tells the other tabs what changed. */
  readonly broadcastChannel?: BroadcastChannelConstructor | null;
}

export async function indexedDbStore(options: IndexedDbStoreOptions): Promise<DurableStore> {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IdbFactoryLike }).indexedDB;
  if (!factory) throw new Error('IndexedDB is not available here: pass a store to the client');
  const database = await openDatabase(factory, options.name);
  const Channel = options.broadcastChannel === undefined ? (globalThis as unknown as { BroadcastChannel?: BroadcastChannelConstructor }).BroadcastChannel : options.broadcastChannel;
  return new IndexedDbStore(database, Channel ? new Channel(`scriptbook-store:${options.name}`) : null);
}

function openDatabase(factory: IdbFactoryLike, name: string): Promise<IdbDatabaseLike> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(ENTRIES)) request.result.createObjectStore(ENTRIES);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB refused to open ${name}`));
    request.onblocked = () => reject(new Error(`IndexedDB ${name} is blocked by another tab holding an older version open`));
  });
}

function upperBound(prefix: string): string {
  return `${prefix}\uffff`;
}

class IndexedDbStore implements DurableStore {
  private readonly watchers = new Set<(keys: readonly string[]) => void>();

  constructor(
    private readonly database: IdbDatabaseLike,
    private readonly channel: BroadcastChannelLike | null,
  ) {
    if (channel) {
      channel.onmessage = (event) => {
        const keys = (event.data as { keys?: unknown } | null)?.keys;
        if (Array.isArray(keys)) for (const watcher of [...this.watchers]) watcher(keys as string[]);
      };
    }
  }

  read(query: StoreQuery): Promise<StoreSnapshot> {
    return this.transact('readonly', query, (snapshot) => ({ result: snapshot }));
  }

  async update<T>(query: StoreQuery, change: (snapshot: StoreSnapshot) => StoreChange<T>): Promise<T> {
    let written: string[] = [];
    const result = await this.transact('readwrite', query, (snapshot) => {
      const outcome = change(snapshot);
      written = [...(outcome.delete ?? []), ...(outcome.put?.keys() ?? [])];
      return outcome;
    });
    if (written.length > 0) this.channel?.postMessage({ keys: written });
    return result;
  }

  /**
   * Every read is issued at once; `change` runs synchronously in the last
   * read's success handler and its writes are issued in the same
   * transaction, so it commits as one and nothing else runs in between.
   */
  private transact<T>(mode: 'readonly' | 'readwrite', query: StoreQuery, change: (snapshot: StoreSnapshot) => StoreChange<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const transaction = this.database.transaction(ENTRIES, mode, { durability: mode === 'readwrite' ? 'strict' : 'default' });
      const store = transaction.objectStore(ENTRIES);
      const found: [string, JsonValue][] = [];
      let outstanding = 0;
      let result: T;
      let failure: unknown;
      const finish = () => {
        try {
          const outcome = change(sortedSnapshot(found));
          result = outcome.result;
          for (const key of outcome.delete ?? []) store.delete(key);
          for (const [key, value] of outcome.put ?? []) store.put(value, key);
        } catch (error) {
          failure = error;
          transaction.abort();
        }
      };
      const done = () => {
        outstanding -= 1;
        if (outstanding === 0) finish();
      };
      for (const key of query.keys ?? []) {
        outstanding += 1;
        const request = store.get(key);
        request.onsuccess = () => {
          if (request.result !== undefined) found.push([key, request.result as JsonValue]);
          done();
        };
      }
      for (const prefix of query.prefixes ?? []) {
        outstanding += 1;
        const range = this.keyRange(prefix);
        const keys = store.getAllKeys(range);
        const values = store.getAll(range);
        values.onsuccess = () => {
          (keys.result as string[]).forEach((key, i) => found.push([key, (values.result as JsonValue[])[i]]));
          done();
        };
      }
      if (outstanding === 0) finish();
      transaction.oncomplete = () => resolve(result);
      transaction.onabort = () => reject(failure ?? transaction.error ?? new Error('IndexedDB aborted the transaction'));
      transaction.onerror = () => undefined;
    });
  }

  private keyRange(prefix: string): unknown {
    const KeyRange = (globalThis as { IDBKeyRange?: { bound(lower: string, upper: string): unknown } }).IDBKeyRange;
    if (!KeyRange) throw new Error('IDBKeyRange is not available here');
    return KeyRange.bound(prefix, upperBound(prefix));
  }

  watch(listener: (keys: readonly string[]) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  async close(): Promise<void> {
    this.channel?.close();
    this.database.close();
  }
}

/* The parts of IndexedDB and BroadcastChannel used here, so the package needs no DOM typings. */

export interface IdbFactoryLike {
  open(name: string, version: number): IdbOpenRequestLike;
}

interface IdbRequestLike {
  readonly result: unknown;
  readonly error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}

interface IdbOpenRequestLike extends Omit<IdbRequestLike, 'result'> {
  readonly result: IdbDatabaseLike;
  onupgradeneeded: (() => void) | null;
  onblocked: (() => void) | null;
}

export interface IdbDatabaseLike {
  readonly objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string): unknown;
  transaction(store: string, mode: 'readonly' | 'readwrite', options: { durability: 'strict' | 'default' }): IdbTransactionLike;
  close(): void;
}

interface IdbTransactionLike {
  objectStore(name: string): IdbObjectStoreLike;
  abort(): void;
  readonly error: unknown;
  oncomplete: (() => void) | null;
  onabort: (() => void) | null;
  onerror: (() => void) | null;
}

interface IdbObjectStoreLike {
  get(key: string): IdbRequestLike;
  getAll(range: unknown): IdbRequestLike;
  getAllKeys(range: unknown): IdbRequestLike;
  put(value: unknown, key: string): IdbRequestLike;
  delete(key: string): IdbRequestLike;
}

export interface BroadcastChannelLike {
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}

export type BroadcastChannelConstructor = new (name: string) => BroadcastChannelLike;
