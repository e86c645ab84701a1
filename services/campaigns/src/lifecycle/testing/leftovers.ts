import type Redis from 'ioredis';
import { DataSource } from 'typeorm';

/** Every row of every table of the schema whose text holds `id`, by table: what a purge must leave empty. */
export async function rowsMentioning(db: DataSource, schema: string, id: string): Promise<Record<string, number>> {
  const tables: { table_name: string }[] = await db.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`, [schema]);
  const found: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM "${schema}"."${table_name}" AS row WHERE row::text LIKE '%' || $1 || '%'`, [id]);
    if (n > 0) found[table_name] = n;
  }
  return found;
}

/** Every Redis key under `prefix` whose name or content (any member, field or value) holds `id`. */
export async function keysMentioning(redis: Redis, prefix: string, id: string): Promise<string[]> {
  const keys = await redis.keys(`${prefix}*`);
  const found: string[] = [];
  for (const key of keys) {
    if (key.includes(id) || (await contentOf(redis, key)).some((part) => part.includes(id))) found.push(key);
  }
  return found;
}

async function contentOf(redis: Redis, key: string): Promise<string[]> {
  switch (await redis.type(key)) {
    case 'string':
      return [(await redis.get(key)) ?? ''];
    case 'hash':
      return Object.entries(await redis.hgetall(key)).flat();
    case 'list':
      return redis.lrange(key, 0, -1);
    case 'set':
      return redis.smembers(key);
    case 'zset':
      return redis.zrange(key, 0, -1);
    case 'stream':
      return (await redis.xrange(key, '-', '+')).flatMap(([entry, fields]) => [entry, ...fields]);
    default:
      return [];
  }
}
