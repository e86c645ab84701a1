import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { HealthRegistry } from '../health/health.registry';
import { closeRedis, connectRedis, RedisClient, RedisClientConfig } from './redis-connection';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * A Redis client whose keys all live under the service's prefix. When Redis
 * goes away, a command must fail rather than wait: ioredis by default keeps
 * it queued while it reconnects (forever, for a server that is frozen or
 * black-holed rather than refusing connections), so a request would hang.
 * Here every command fails after `REDIS_COMMAND_TIMEOUT_MS`, sent or queued,
 * and a queued one also after 3 reconnection attempts; the client goes on
 * reconnecting in the background and serves again once Redis is back.
 */
export function createRedisClient(config: RedisClientConfig, name: string): RedisClient {
  return connectRedis(config, { name });
}

/**
 * A connection that only subscribes (pub/sub), with the same bounds. It
 * skips ioredis's ready check: a client with a name first sends CLIENT
 * SETNAME and only then its ready check (INFO), and SUBSCRIBE, which Redis
 * allows while loading, is written as soon as the socket connects. When
 * SUBSCRIBE goes first, the INFO is refused in subscriber mode, ioredis
 * drops the connection, and since it never reached "ready" it does not
 * subscribe again on reconnect: the subscriber hears nothing from then on.
 * Without the check the connection is ready once connected, and every
 * reconnect subscribes again. On a cluster, a PUBLISH reaches every node,
 * so the subscriber listens on whichever node ioredis picks.
 */
export function createRedisSubscriber(config: RedisClientConfig, name: string): RedisClient {
  return connectRedis(config, { name, subscriber: true });
}

/** Shared Redis connection for caches, rate limits and pub/sub publishing. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG, HealthRegistry],
      useFactory: (config: BaseConfig, health: HealthRegistry) => {
        const client = createRedisClient(config, 'scriptbook');
        health.register('redis', async () => {
          await client.ping();
        });
        return client;
      },
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly client: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.client);
  }
}
