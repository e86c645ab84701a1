import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type { RedisClient } from '../redis/redis-connection';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { MembershipReader } from '../membership/membership-reader';
import { MembershipModule } from '../membership/membership.module';
import { REDIS_CLIENT, RedisModule } from '../redis/redis.module';
import { queuePrefix } from '../queues/queue-connection';
import { JobDirectory } from './job-directory';

/**
 * Gives a service the platform's `JobDirectory`: every service that queues
 * work a player may follow imports it and calls `record` for each job it
 * returns. Needs the same REDIS_URL and REDIS_PREFIX as the service that
 * serves `job(id)` (JobQueryModule).
 */
@Global()
@Module({
  imports: [RedisModule, MembershipModule],
  providers: [
    {
      provide: JobDirectory,
      inject: [REDIS_CLIENT, MembershipReader, APP_CONFIG],
      useFactory: (redis: RedisClient, membership: MembershipReader, config: BaseConfig) => new JobDirectory(redis, membership, config.REDIS_PREFIX, (queueName) => queuePrefix(config, queueName)),
    },
  ],
  exports: [JobDirectory],
})
export class JobDirectoryModule implements OnApplicationShutdown {
  constructor(@Inject(JobDirectory) private readonly directory: JobDirectory) {}

  async onApplicationShutdown(): Promise<void> {
    await this.directory.close();
  }
}
