import { open, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { JsonValue } from '../json';
import { DurableStore, queryCovers, sortedSnapshot, StoreChange, StoreQuery, StoreSnapshot } from './durable-store';

/**
 * The Node default: every entry in one JSON file, replaced atomically. Each
 * transaction writes the whole new file beside the old one, flushes it to
 * disk, renames it over the old one and flushes the directory, so a crash
 * at any point leaves either the old file or the new one, never a mix.
 * One process owns a file at a time (a lock file beside it names the
 * process; a dead owner's lock is taken over).
 */
export interface FileStoreFs {
  /** The file's text, or null when there is none. */
  readText(path: string): Promise<string | null>;
  /** Writes a new file and flushes it to disk before resolving. */
  writeDurably(path: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Flushes a directory's entries (the rename) to disk, where the platform can. */
  syncDirectory(dir: string): Promise<void>;
  list(dir: string): Promise<string[]>;
  remove(path: string): Promise<void>;
  makeDirectory(dir: string): Promise<void>;
  /** Creates the file only if it does not exist; false when it does. */
  createExclusive(path: string, text: string): Promise<boolean>;
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

export const nodeFileStoreFs: FileStoreFs = {
  async readText(path) {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  },
  async writeDurably(path, text) {
    const handle = await open(path, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => rename(from, to),
  async syncDirectory(dir) {
    try {
      const handle = await open(dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // Windows cannot open a directory to flush it; its rename is already durable enough there.
    }
  },
  list: (dir) => readdir(dir),
  async remove(path) {
    try {
      await unlink(path);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  },
  makeDirectory: async (dir) => void (await mkdir(dir, { recursive: true })),
  async createExclusive(path, text) {
    try {
      await writeFile(path, text, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST') return false;
      throw error;
    }
  },
};

export interface FileStoreOptions {
  readonly path: string;
  /** The file system; tests pass one that fails where they want. */
  readonly fs?: FileStoreFs;
}

interface FileContents {
  readonly format: 'scriptbook-client-store';
  readonly version: 1;
  readonly entries: Record<string, JsonValue>;
}

const openPaths = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

async function takeLock(fs: FileStoreFs, path: string): Promise<string> {
  const lock = `${path}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await fs.createExclusive(lock, String(process.pid))) return lock;
    const owner = Number(await fs.readText(lock));
    const mine = owner === process.pid && !openPaths.has(path);
    if (Number.isInteger(owner) && owner > 0 && !mine && processAlive(owner)) {
      throw new Error(`${path} is in use by process ${owner}: one process owns a client store at a time`);
    }
    await fs.remove(lock);
  }
  throw new Error(`Could not take the lock ${lock}`);
}

function parseContents(path: string, text: string | null): Map<string, JsonValue> {
  if (text === null) return new Map();
  const contents = JSON.parse(text) as Partial<FileContents>;
  if (contents.format !== 'scriptbook-client-store' || contents.version !== 1 || contents.entries === null || typeof contents.entries !== 'object') {
    throw new Error(`${path} is not a Scriptbook client store`);
  }
  return new Map(Object.entries(contents.entries));
}

export async function fileStore(options: FileStoreOptions | string): Promise<DurableStore> {
  const { path, fs = nodeFileStoreFs } = typeof options === 'string' ? { path: options } : options;
  if (openPaths.has(path)) throw new Error(`${path} is already open in this process`);
  const dir = dirname(path);
  await fs.makeDirectory(dir);
  const lock = await takeLock(fs, path);
  openPaths.add(path);
  try {
    // A crash between writing a new file and renaming it leaves that file behind; the old one is still whole.
    const leftovers = (await fs.list(dir)).filter((name) => name.startsWith(`${basename(path)}.`) && name.endsWith('.tmp'));
    for (const name of leftovers) await fs.remove(join(dir, name));
    return new FileStore(path, fs, lock, parseContents(path, await fs.readText(path)));
  } catch (error) {
    openPaths.delete(path);
    await fs.remove(lock);
    throw error;
  }
}

class FileStore implements DurableStore {
  private queue: Promise<unknown> = Promise.resolve();
  private writes = 0;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly fs: FileStoreFs,
    private readonly lock: string,
    private entries: Map<string, JsonValue>,
  ) {}

  read(query: StoreQuery): Promise<StoreSnapshot> {
    return this.serialised(async () => this.snapshot(query));
  }

  update<T>(query: StoreQuery, change: (snapshot: StoreSnapshot) => StoreChange<T>): Promise<T> {
    return this.serialised(async () => {
      const outcome = change(this.snapshot(query));
      const next = new Map(this.entries);
      for (const key of outcome.delete ?? []) next.delete(key);
      for (const [key, value] of outcome.put ?? []) next.set(key, value);
      if ((outcome.delete?.length ?? 0) > 0 || (outcome.put?.size ?? 0) > 0) await this.persist(next);
      // Only what reached the disk becomes what the store answers.
      this.entries = next;
      return outcome.result;
    });
  }

  watch(): () => void {
    // One process owns the file, so no other handle can change it.
    return () => undefined;
  }

  async close(): Promise<void> {
    await this.serialised(async () => {
      this.closed = true;
      openPaths.delete(this.path);
      await this.fs.remove(this.lock);
    });
  }

  private snapshot(query: StoreQuery): StoreSnapshot {
    return sortedSnapshot([...this.entries].filter(([key]) => queryCovers(query, key)).map(([key, value]) => [key, structuredCopy(value)]));
  }

  private async persist(entries: Map<string, JsonValue>): Promise<void> {
    const contents: FileContents = { format: 'scriptbook-client-store', version: 1, entries: Object.fromEntries(entries) };
    this.writes += 1;
    const temporary = `${this.path}.${process.pid}-${this.writes}.tmp`;
    try {
      await this.fs.writeDurably(temporary, JSON.stringify(contents));
      await this.fs.rename(temporary, this.path);
    } catch (error) {
      await this.fs.remove(temporary).catch(() => undefined);
      throw error;
    }
    await this.fs.syncDirectory(dirname(this.path));
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.closed) throw new Error(`${this.path} is closed`);
      return work();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

const structuredCopy = (value: JsonValue): JsonValue => JSON.parse(JSON.stringify(value)) as JsonValue;
