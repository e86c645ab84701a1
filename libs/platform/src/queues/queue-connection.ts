import type { ConnectionOptions } from 'bullmq';
import { closeRedis, connectRedis, isClusterConfig, RedisClientConfig, redisOptionsFromUrl } from '../redis/redis-connection';
import { hashTag } from '../redis/redis-slots';

type QueueConfig = RedisClientConfig & { readonly REDIS_PREFIX: string };

/**
 * BullMQ's key prefix for one queue. A queue's Lua scripts touch many of its
 * keys at once, so on a Redis Cluster the prefix carries a hash tag naming
 * the queue: each queue is in one slot, and different queues spread over
 * the cluster. A single Redis keeps the untagged prefix it always had, so
 * jobs already queued are still found after an upgrade.
 */
export function queuePrefix(config: QueueConfig, queueName: string): string {
  return isClusterConfig(config) ? hashTag(`${config.REDIS_PREFIX}:${queueName}`) : config.REDIS_PREFIX;
}

export interface QueueConnection {
  readonly connection: ConnectionOptions;
  /** Ends what this connection opened; call it after the queue or worker is closed. */
  release(): Promise<void>;
}

/**
 * The connection a BullMQ queue or worker is given. For a single Redis that
 * is options, and BullMQ owns its connections. BullMQ cannot make a cluster
 * from options, so for a cluster it is a connection of ours, which BullMQ
 * duplicates for a worker's blocking reads and which `release` ends.
 */
export function queueConnection(config: QueueConfig, name: string, blocking: boolean): QueueConnection {
  if (!isClusterConfig(config)) {
    return { connection: { ...redisOptionsFromUrl(config.REDIS_URL), ...(blocking ? { maxRetriesPerRequest: null } : {}) }, release: async () => undefined };
  }
  const cluster = connectRedis(config, { name, blocking });
  return { connection: cluster, release: () => closeRedis(cluster) };
}
