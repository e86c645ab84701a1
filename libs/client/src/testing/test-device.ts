import { createScriptbookClient, ScriptbookClient, SupportedGame } from '../client';
import type { LockAdapter } from '../session/locks';
import type { FetchLike } from '../transport/http';
import { inProcessLocks } from '../session/locks';
import { Keystore, memoryKeystore } from '../session/keystore';
import { MemoryDisk, MemoryStoreHandle } from '../store/memory-store';
import { FakeNetwork, Link } from './fake-network';
import type { VirtualClock } from './virtual-clock';

/** A seeded uniform generator (mulberry32), so a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic bytes for device and client ids. */
export function seededBytes(random: () => number) {
  return (length: number) => Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

export interface TabOptions {
  readonly games: readonly SupportedGame[];
  readonly clock: VirtualClock;
  readonly network: FakeNetwork;
  readonly disk: MemoryDisk;
  readonly keystore: Keystore;
  readonly locks: LockAdapter;
  readonly random: () => number;
  readonly webSocket?: unknown;
  readonly pollIntervalMs?: number;
  /** Wraps the tab's fetch, for tests that watch its requests. */
  readonly wrapFetch?: (fetch: FetchLike) => FetchLike;
}

/** One running client of a device: a tab of a browser, or one run of an app. */
export interface Tab {
  readonly client: ScriptbookClient;
  readonly link: Link;
  readonly store: MemoryStoreHandle;
}

export async function openTab(options: TabOptions): Promise<Tab> {
  const link = new Link();
  const store = options.disk.open();
  const client = await createScriptbookClient({
    endpoint: 'http://scriptbook.test/graphql',
    games: options.games,
    keystore: options.keystore,
    store,
    locks: options.locks,
    fetch: (options.wrapFetch ?? ((fetch) => fetch))(options.network.fetchFor(link)),
    webSocket: options.webSocket ?? null,
    clock: options.clock,
    randomBytes: seededBytes(options.random),
    random: options.random,
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    connectivity: null,
  });
  return { client, link, store };
}

/** A device with its own disk and keystore; its tabs share both, and the locks. */
export function newDevice(): { disk: MemoryDisk; keystore: Keystore; locks: LockAdapter } {
  return { disk: new MemoryDisk(), keystore: memoryKeystore(), locks: inProcessLocks() };
}
