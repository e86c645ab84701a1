import type { RedisOptions } from 'ioredis';

/** How long one Redis command may take before it fails (`REDIS_COMMAND_TIMEOUT_MS`). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 3_000;

/** ioredis options from a redis:// or rediss:// URL, for clients that take options only. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
