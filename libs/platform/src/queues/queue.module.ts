import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { QueueConnection, queueConnection, queuePrefix } from './queue-connection';
import { QueueDefinition } from './queue-definition';
import { TypedQueue } from './typed-queue';

/** The injection token of a queue's producer. */
export function queueToken(definition: QueueDefinition<unknown>): string {
  return `queue:${definition.name}`;
}

/** Closes every producer queue of the process at shutdown. */
@Injectable()
class QueueCloser implements OnApplicationShutdown {
  private readonly opened: { queue: Queue; connection: QueueConnection }[] = [];

  add(queue: Queue, connection: QueueConnection): void {
    this.opened.push({ queue, connection });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.opened.map(async ({ queue, connection }) => {
      await queue.close();
      await connection.release();
    }));
  }
}

@Global()
@Module({ providers: [QueueCloser], exports: [QueueCloser] })
class QueueCoreModule {}

/**
 * Producers for the queues a service owns. Inject one with
 * `@Inject(queueToken(definition))`; every key lives under REDIS_PREFIX (see queuePrefix).
 */
@Module({})
export class QueueModule {
  static register(...definitions: QueueDefinition<unknown>[]): DynamicModule {
    const providers = definitions.map((definition) => ({
      provide: queueToken(definition),
      inject: [APP_CONFIG, QueueCloser],
      useFactory: (config: BaseConfig, closer: QueueCloser) => {
        const connection = queueConnection(config, `scriptbook-queue-${definition.name}`, false);
        const queue = new Queue(definition.name, { connection: connection.connection, prefix: queuePrefix(config, definition.name) });
        closer.add(queue, connection);
        return new TypedQueue(definition, queue);
      },
    }));
    return { module: QueueModule, imports: [QueueCoreModule], providers, exports: providers.map((p) => p.provide) };
  }
}

export const InjectQueue = (definition: QueueDefinition<unknown>) => Inject(queueToken(definition));
