import type Redis from 'ioredis';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The part of better-sqlite3 the probe uses: the package ships no types and the project has no @types package for it. */
interface ReadOnlyDatabase {
  prepare(sql: string): { all(): unknown[]; get(): unknown };
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => ReadOnlyDatabase;

/** Row counts of every table of every service, and a digest of every Redis key under the run's prefix. */
export interface Snapshot {
  readonly rows: ReadonlyMap<string, number>;
  readonly keys: ReadonlyMap<string, string>;
}

/**
 * Redis keys that change whether or not a request succeeds, by design:
 * attempts are counted before they are judged (docs/architecture.md, sign-in
 * throttles), BullMQ's own bookkeeping moves as its schedulers and
 * workers run (a queued job still shows, as the job's own hash), and the
 * gateway caches answers to content queries, never to a mutation.
 */
const CHANGES_BY_DESIGN = [
  /:ratelimit:/,
  /:gateway:content-answer:/,
  /:(stalled-check|stalled|events|meta|marker|id|active|wait|paused|completed|failed|delayed|prioritized|pc|repeat|limiter)$/,
  /:repeat:/,
  /:lock$/,
];

/**
 * Reads what the platform has stored, without writing: its SQLite files
 * opened read-only, and its Redis keys under the test's prefix. Comparing a
 * snapshot before and after a refused mutation shows whether it stored anything.
 */
export class PersistenceProbe {
  private constructor(
    private readonly databases: readonly { name: string; db: ReadOnlyDatabase; tables: string[] }[],
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static open(dataDir: string, redis: Redis, prefix: string): PersistenceProbe {
    const files = readdirSync(dataDir).filter((file) => file.endsWith('.sqlite'));
    const databases = files.map((file) => {
      const db = new Database(join(dataDir, file), { readonly: true, fileMustExist: true });
      const tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map((row) => row.name);
      return { name: basename(file, '.sqlite'), db, tables };
    });
    return new PersistenceProbe(databases, redis, prefix);
  }

  /** `accounts.players`, ...: what "every table of every service" means in this run. */
  get tables(): string[] {
    return this.databases.flatMap(({ name, tables }) => tables.map((table) => `${name}.${table}`));
  }

  async snapshot(): Promise<Snapshot> {
    const rows = new Map<string, number>();
    for (const { name, db, tables } of this.databases) {
      for (const table of tables) rows.set(`${name}.${table}`, (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n);
    }
    return { rows, keys: await this.redisDigests() };
  }

  /** What differs, one line each: `campaigns.campaigns: 6 → 7`, `+ <key>`, `- <key>`, `~ <key>`. */
  static differences(before: Snapshot, after: Snapshot): string[] {
    const changes: string[] = [];
    for (const [table, count] of after.rows) {
      const was = before.rows.get(table) ?? 0;
      if (was !== count) changes.push(`${table}: ${was} → ${count}`);
    }
    for (const [key, digest] of after.keys) {
      const was = before.keys.get(key);
      if (was === undefined) changes.push(`+ ${key}`);
      else if (was !== digest) changes.push(`~ ${key}`);
    }
    for (const key of before.keys.keys()) if (!after.keys.has(key)) changes.push(`- ${key}`);
    return changes;
  }

  close(): void {
    for (const { db } of this.databases) db.close();
  }

  private async redisDigests(): Promise<Map<string, string>> {
    const keys: string[] = [];
    // Key families that share a hash tag start with `{<prefix>:` (the membership read model).
    for (const match of [`${this.prefix}:*`, `{${this.prefix}:*`]) {
      let cursor = '0';
      do {
        const [next, batch] = await this.redis.scan(cursor, 'MATCH', match, 'COUNT', 1_000);
        keys.push(...batch.filter((key) => !CHANGES_BY_DESIGN.some((pattern) => pattern.test(key))));
        cursor = next;
      } while (cursor !== '0');
    }
    const types = (await this.redis.pipeline(keys.map((key) => ['type', key])).exec()) ?? [];
    const reads = keys.map((key, i): [string, ...string[]] => {
      switch (types[i]?.[1]) {
        case 'string':
          return ['get', key];
        case 'hash':
          return ['hgetall', key];
        case 'set':
          return ['smembers', key];
        case 'zset':
          return ['zrange', key, '0', '-1', 'WITHSCORES'];
        case 'list':
          return ['lrange', key, '0', '-1'];
        default:
          return ['type', key];
      }
    });
    const values = (await this.redis.pipeline(reads).exec()) ?? [];
    return new Map(keys.map((key, i) => [key, digest(values[i]?.[1])]));
  }
}

function digest(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify([...value].map(String).sort());
  if (value && typeof value === 'object') return JSON.stringify(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify(value);
}
