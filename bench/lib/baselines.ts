import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Redis from 'ioredis';
import type { Client } from 'pg';

/**
 * Transactions per second pgbench reaches running `script` (a pgbench custom
 * script, e.g. one single-row INSERT) over `clients` connections: the
 * database's own write rate, the baseline a write path through the API is
 * compared with in the same run.
 */
export function pgbenchTps(options: { databaseUrl: string; script: string; clients: number; seconds: number }): number {
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-pgbench-'));
  try {
    const file = join(dir, 'script.sql');
    writeFileSync(file, options.script);
    const out = execFileSync(
      'pgbench',
      ['-n', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds), '-f', file, options.databaseUrl],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const tps = /tps = ([\d.]+)/.exec(out);
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(tps[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Removes what a benchmark wrote: its Postgres schema and every Redis key under its prefix. */
export async function dropScratchStores(db: Client, schema: string, redis: Redis, prefix: string): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.end();
  // Key families that share a hash tag start with `{<prefix>`.
  for (const pattern of [`${prefix}*`, `{${prefix}*`]) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 5000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
  redis.disconnect();
}
