import Redis, { Cluster, RedisOptions } from 'ioredis';

/** How long one Redis command may take before it fails (`REDIS_COMMAND_TIMEOUT_MS`). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 3_000;

/**
 * A connection to the platform's Redis: one server (`REDIS_URL`) or a Redis
 * Cluster (`REDIS_CLUSTER_NODES`). Both take the same commands; what differs
 * is that a cluster refuses a command, script or transaction whose keys fall
 * in different slots, and that SCAN sees one node. Code that touches several
 * keys at once goes through `redis-slots.ts`, which does the right thing on
 * either.
 */
export type RedisClient = Redis | Cluster;

/** The settings every Redis connection of the platform is made from. */
export interface RedisClientConfig {
  readonly REDIS_URL: string;
  /** Seed nodes (`host:port`) of a Redis Cluster; when set, the platform talks to the cluster and REDIS_URL gives only credentials and TLS. */
  readonly REDIS_CLUSTER_NODES?: readonly string[];
  readonly REDIS_COMMAND_TIMEOUT_MS?: number;
}

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

/** Whether the settings name a Redis Cluster. */
export function isClusterConfig(config: RedisClientConfig): boolean {
  return (config.REDIS_CLUSTER_NODES?.length ?? 0) > 0;
}

export interface RedisConnectionPurpose {
  /** Shown in CLIENT LIST, so an operator sees which process holds which connection. */
  readonly name: string;
  /** Pub/sub only: no ready check (see createRedisSubscriber). */
  readonly subscriber?: boolean;
  /** BullMQ's workers block on Redis, so their commands must neither time out nor give up retrying. */
  readonly blocking?: boolean;
}

/** A connection for one purpose, to a single Redis or to a cluster. */
export function connectRedis(config: RedisClientConfig, purpose: RedisConnectionPurpose): RedisClient {
  const options: RedisOptions = {
    connectionName: purpose.name,
    maxRetriesPerRequest: purpose.blocking ? null : 3,
    ...(purpose.blocking ? {} : { commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS }),
    enableReadyCheck: !purpose.subscriber,
    lazyConnect: false,
  };
  if (!isClusterConfig(config)) return new Redis(config.REDIS_URL, options);
  const { host: _host, port: _port, db: _db, ...credentials } = redisOptionsFromUrl(config.REDIS_URL);
  const nodes = config.REDIS_CLUSTER_NODES!.map(clusterNode);
  if (purpose.subscriber) return nodeHoppingSubscriber(nodes, { ...options, ...credentials });
  return new Cluster(nodes, {
    redisOptions: { ...options, ...credentials },
    enableReadyCheck: !purpose.subscriber,
    // A master that fails over comes back as a replica's promotion: ask the cluster again soon rather than give up.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    slotsRefreshTimeout: 2_000,
  });
}

function clusterNode(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at), port: Number(address.slice(at + 1)) };
}

/**
 * A subscriber to a cluster is a plain connection to one of its nodes: a
 * cluster passes every PUBLISH to every node, so any node hears it all. A
 * plain connection is what `ConfirmedSubscription` needs, since its
 * heartbeat PING must travel the subscriber's own connection to prove that
 * nothing published before it was missed, and ioredis's `Cluster` sends a
 * PING wherever it likes. When the node goes away (a master killed, say),
 * each reconnection tries the next seed node: ioredis reads its `host` and
 * `port` afresh on every connect.
 */
function nodeHoppingSubscriber(nodes: readonly { host: string; port: number }[], options: RedisOptions): Redis {
  let next = 0;
  const client: Redis = new Redis({
    ...options,
    ...nodes[0],
    retryStrategy: (attempt) => {
      next = (next + 1) % nodes.length;
      Object.assign(client.options, nodes[next]);
      return Math.min(attempt * 100, 1_000);
    },
  });
  return client;
}

/** Ends a connection politely, or at once when Redis does not answer. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.status === 'end') return;
  await client.quit().catch(() => client.disconnect());
}
