import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { redisOptionsFromUrl } from '../redis/redis-connection';
import { QueueDefinition } from './queue-definition';
import { TypedQueue } from './typed-queue';

/** The injection token of a queue's producer. */
export function queueToken(definition: QueueDefinition<unknown>): string {
  return `queue:${definition.name}`;
}

/** Closes every producer queue of the process at shutdown. */
@Injectable()
class QueueCloser implements OnApplicationShutdown {
  readonly queues: Queue[] = [];

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}

@Global()
@Module({ providers: [QueueCloser], exports: [QueueCloser] })
class QueueCoreModule {}

/**
 * Producers for the queues a service owns. Inject one with
 * `@Inject(queueToken(definition))`; every key lives under REDIS_PREFIX.
 */
@Module({})
export class QueueModule {
  static register(...definitions: QueueDefinition<unknown>[]): DynamicModule {
    const providers = definitions.map((definition) => ({
      provide: queueToken(definition),
      inject: [APP_CONFIG, QueueCloser],
      useFactory: (config: BaseConfig, closer: QueueCloser) => {
        const queue = new Queue(definition.name, {
          connection: redisOptionsFromUrl(config.REDIS_URL),
          prefix: config.REDIS_PREFIX,
        });
        closer.queues.push(queue);
        return new TypedQueue(definition, queue);
      },
    }));
    return { module: QueueModule, imports: [QueueCoreModule], providers, exports: providers.map((p) => p.provide) };
  }
}

export const InjectQueue = (definition: QueueDefinition<unknown>) => Inject(queueToken(definition));
