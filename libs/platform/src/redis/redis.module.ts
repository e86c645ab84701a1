import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { HealthRegistry } from '../health/health.registry';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/** A Redis client whose keys all live under the service's prefix. */
export function createRedisClient(config: Pick<BaseConfig, 'REDIS_URL'>, name: string): Redis {
  return new Redis(config.REDIS_URL, {
    connectionName: name,
    maxRetriesPerRequest: 3,
    enableReadyCheck: true,
    lazyConnect: false,
  });
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
  constructor(@Inject(REDIS_CLIENT) private readonly client: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.client.status !== 'end') await this.client.quit().catch(() => this.client.disconnect());
  }
}
