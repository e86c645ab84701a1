import calculateSlot from 'cluster-key-slot';
import Redis, { Cluster } from 'ioredis';
import type { RedisClient } from './redis-connection';

/**
 * Multi-key work that is correct on one Redis and on a Redis Cluster.
 *
 * A cluster keeps each key in one of 16,384 slots and refuses a command, a
 * script or a MULTI whose keys are in different slots (CROSSSLOT). Keys that
 * must be written together share a hash tag (`{...}`), so they land in one
 * slot; keys that merely happen to be read together (a page's versions, a
 * batch of markers) are split by slot here and sent slot by slot. On a
 * single Redis every key is in the same place and each helper sends one
 * command, as before.
 */

export function isCluster(redis: RedisClient): redis is Cluster {
  return (redis as Cluster).isCluster === true;
}

/** The keys grouped by cluster slot, each group in the order given; one group on a single Redis. */
export function keysBySlot(redis: RedisClient, keys: readonly string[]): string[][] {
  if (!isCluster(redis)) return keys.length > 0 ? [[...keys]] : [];
  const groups = new Map<number, string[]>();
  for (const key of keys) {
    const slot = calculateSlot(key);
    const group = groups.get(slot);
    if (group) group.push(key);
    else groups.set(slot, [key]);
  }
  return [...groups.values()];
}

/** MGET of keys in any slots: the values in the order of `keys`. */
export async function mgetAcrossSlots(redis: RedisClient, keys: readonly string[]): Promise<(string | null)[]> {
  if (keys.length === 0) return [];
  if (!isCluster(redis)) return redis.mget(...keys);
  const values = new Map<string, string | null>();
  await Promise.all(
    keysBySlot(redis, keys).map(async (group) => {
      const found = await redis.mget(...group);
      group.forEach((key, index) => values.set(key, found[index] ?? null));
    }),
  );
  return keys.map((key) => values.get(key) ?? null);
}

/** UNLINK of keys in any slots; how many existed. */
export async function unlinkAcrossSlots(redis: RedisClient, keys: readonly string[]): Promise<number> {
  const counts = await Promise.all(keysBySlot(redis, keys).map((group) => redis.unlink(...group)));
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * Every key matching `pattern`, in batches of about `count`: SCAN on a
 * single Redis, and on a cluster a SCAN of every master in turn (a node's
 * SCAN sees only its own slots). A batch's keys may span slots.
 */
export async function scanAcrossNodes(redis: RedisClient, pattern: string, onBatch: (keys: string[]) => Promise<void> | void, count = 1000): Promise<void> {
  const nodes: Redis[] = isCluster(redis) ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', count);
      if (keys.length > 0) await onBatch(keys);
      cursor = next;
    } while (cursor !== '0');
  }
}

/** Every key matching `pattern`, gathered (for key families that stay small). */
export async function scanKeys(redis: RedisClient, pattern: string, count = 1000): Promise<string[]> {
  const found: string[] = [];
  await scanAcrossNodes(redis, pattern, (keys) => void found.push(...keys), count);
  return found;
}

/** `{tag}`: a hash tag, so every key built around it is in one cluster slot. */
export function hashTag(tag: string): string {
  return `{${tag}}`;
}
