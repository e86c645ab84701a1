import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { RedisClient } from '../redis/redis-connection';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { createRedisSubscriber, REDIS_CLIENT, RedisModule } from '../redis/redis.module';
import { MembershipReader } from './membership-reader';

/**
 * Gives a subgraph a started `MembershipReader`: inject it and call
 * `requireMember(groupId, viewer.playerId)` on every read and write of
 * group-owned data. Needs the same REDIS_URL and REDIS_PREFIX as accounts.
 */
@Global()
@Module({
  imports: [RedisModule],
  providers: [
    {
      provide: MembershipReader,
      inject: [REDIS_CLIENT, APP_CONFIG],
      useFactory: (redis: RedisClient, config: BaseConfig) =>
        // Subscribing takes a connection over for good, so the reader gets its own.
        new MembershipReader(redis, createRedisSubscriber(config, 'scriptbook-membership-changes'), config.REDIS_PREFIX),
    },
  ],
  exports: [MembershipReader],
})
export class MembershipModule implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(MembershipReader) private readonly reader: MembershipReader) {}

  async onModuleInit(): Promise<void> {
    await this.reader.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reader.stop();
  }
}
