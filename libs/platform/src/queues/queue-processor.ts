import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { HealthRegistry } from '../health/health.registry';
import { LOGGER } from '../logging/logger.token';
import type { Logger } from '../logging/logger';
import { jobsProcessed } from '../metrics/metrics';
import { QueueConnection, queueConnection, queuePrefix } from './queue-connection';
import { QueueDefinition } from './queue-definition';

/** Every worker of the process, so shutdown can drain them before anything else closes. */
@Injectable()
export class WorkerRegistry {
  private readonly workers: { worker: Worker; connection: QueueConnection }[] = [];

  add(worker: Worker, connection: QueueConnection): void {
    this.workers.push({ worker, connection });
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async closeAll(): Promise<void> {
    await Promise.all(this.workers.map(async ({ worker, connection }) => {
      await worker.close();
      await connection.release();
    }));
  }
}

export interface ProcessorOptions {
  readonly concurrency?: number;
  /**
   * How long a job stays locked to this worker without a renewal (BullMQ
   * renews it at half this while the process lives), and how often workers
   * look for jobs whose lock lapsed because their process died: such a job is
   * picked up again after roughly the sum. BullMQ's defaults (30 s each) when
   * unset.
   */
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
}

/**
 * Base of every job processor: validates the payload against the queue's
 * definition before `handle` sees it, so a malformed job fails at once
 * instead of half-running. A worker process lists its processors as
 * providers; API processes never do.
 */
export abstract class QueueProcessor<P> implements OnModuleInit {
  @Inject(APP_CONFIG) private readonly config!: BaseConfig;
  @Inject(WorkerRegistry) private readonly registry!: WorkerRegistry;
  @Inject(HealthRegistry) private readonly health!: HealthRegistry;
  @Inject(LOGGER) protected readonly logger!: Logger;

  protected constructor(
    private readonly definition: QueueDefinition<P>,
    private readonly options: ProcessorOptions = {},
  ) {}

  protected abstract handle(payload: P, job: Job): Promise<unknown>;

  onModuleInit(): void {
    const connection = queueConnection(this.config, `scriptbook-worker-${this.definition.name}`, true);
    const worker = new Worker(this.definition.name, (job) => this.run(job), {
      connection: connection.connection,
      prefix: queuePrefix(this.config, this.definition.name),
      concurrency: this.options.concurrency ?? 1,
      ...(this.options.lockDurationMs ? { lockDuration: this.options.lockDurationMs } : {}),
      ...(this.options.stalledIntervalMs ? { stalledInterval: this.options.stalledIntervalMs } : {}),
    });
    worker.on('failed', (job, error) => {
      jobsProcessed.inc({ queue: this.definition.name, outcome: 'failed' });
      this.logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, `job of ${this.definition.name} failed`);
    });
    worker.on('completed', () => jobsProcessed.inc({ queue: this.definition.name, outcome: 'completed' }));
    worker.on('error', (error) => this.logger.error({ err: error }, `worker of ${this.definition.name} errored`));
    this.health.register(`worker:${this.definition.name}`, async () => {
      if (!worker.isRunning()) throw new Error('worker is not running');
    });
    this.registry.add(worker, connection);
  }

  private async run(job: Job): Promise<unknown> {
    const parsed = this.definition.payload.safeParse(job.data);
    if (!parsed.success) {
      // A payload that can never be valid is not worth retrying.
      throw new UnrecoverableError(`invalid payload for ${this.definition.name}: ${parsed.error.issues[0]?.message}`);
    }
    return this.handle(parsed.data, job);
  }
}
