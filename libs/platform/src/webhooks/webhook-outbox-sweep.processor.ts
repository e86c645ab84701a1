import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { defineQueue } from '../queues/queue-definition';
import { QueueProcessor } from '../queues/queue-processor';
import { queueToken } from '../queues/queue.module';
import { TypedQueue } from '../queues/typed-queue';
import { WebhookEmitter, WebhookOutbox } from './webhook-emitter';
import { WEBHOOK_SETTINGS } from './webhook-registry.service';
import { WebhookSettings } from './webhook-settings';

/** Rows younger than this are most likely being handed over by the API that wrote them. */
const OUTBOX_GRACE_MS = 5_000;

/** The host's outbox sweep, on a schedule of its own: one per deployment, whatever the number of worker replicas. */
export const webhookOutboxSweepQueue = defineQueue('webhook-outbox-sweep', z.object({}).strict(), { attempts: 1 });

@Injectable()
export class WebhookOutboxSweepProcessor extends QueueProcessor<Record<string, never>> implements OnApplicationBootstrap {
  private readonly outbox: WebhookOutbox;

  constructor(
    data: DataSource,
    emitter: WebhookEmitter,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(queueToken(webhookOutboxSweepQueue)) private readonly queue: TypedQueue<Record<string, never>>,
  ) {
    super(webhookOutboxSweepQueue);
    this.outbox = new WebhookOutbox(data, emitter);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.queue.upsertJobScheduler(
      'webhook-outbox-sweep',
      { every: this.settings.WEBHOOK_OUTBOX_SWEEP_MS },
      { name: 'webhook-outbox-sweep', data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  protected async handle(): Promise<{ handedOver: number }> {
    return { handedOver: await this.outbox.drain(Math.min(OUTBOX_GRACE_MS, this.settings.WEBHOOK_OUTBOX_SWEEP_MS)) };
  }
}
