import { Inject, Injectable } from '@nestjs/common';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { inTransaction } from '../persistence/serialized-transaction';
import { QueueProcessor } from '../queues/queue-processor';
import { webhookDeliveryQueue, WebhookDeliveryJob } from './webhook-delivery.queue';
import { WEBHOOK_SETTINGS } from './webhook-registry.service';
import { retryDelayMs, WebhookSettings } from './webhook-settings';
import { webhookHeaders } from './webhook-signature';
import { postWebhook } from './webhook-transport';
import { WebhookDeliveryEntity, WebhookEndpointEntity } from './webhook.entities';

/** What a receiver's trouble costs in the log: enough to tell why, never its whole answer. */
const MAX_ERROR_LENGTH = 500;

/** Thrown to have BullMQ retry the delivery after its backoff. */
class AttemptFailed extends Error {}

/**
 * One attempt of one delivery. The body is the stored payload, the same
 * bytes on every attempt, signed afresh with the endpoint's current secret
 * and the attempt's time. A 2xx delivers it; anything else (another
 * status, a refused address, a timeout, a reset) is recorded and retried
 * with exponential backoff until the attempts run out, when the delivery is
 * FAILED (dead-lettered). Failed attempts in a row, across the endpoint's
 * deliveries, pause the endpoint at the threshold; a paused endpoint's
 * next attempts hold their deliveries (HELD) until its owner resumes it.
 * A worker killed mid-attempt recorded nothing of it: the job's lock lapses,
 * another worker runs the attempt again, under the same delivery id.
 */
@Injectable()
export class WebhookDeliveryProcessor extends QueueProcessor<WebhookDeliveryJob> {
  constructor(
    private readonly data: DataSource,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {
    super(webhookDeliveryQueue, { concurrency: 8, lockDurationMs: settings.WEBHOOK_JOB_LOCK_MS, stalledIntervalMs: settings.WEBHOOK_JOB_LOCK_MS });
  }

  protected async handle({ deliveryId }: WebhookDeliveryJob, job: Job): Promise<{ status: string }> {
    const deliveries = this.data.getRepository(WebhookDeliveryEntity);
    const delivery = await deliveries.findOneBy({ id: deliveryId });
    if (!delivery) return { status: 'CANCELLED' }; // its endpoint was deleted, log and all
    if (delivery.status === 'DELIVERED' || delivery.status === 'FAILED') return { status: delivery.status };
    const endpoint = await this.data.getRepository(WebhookEndpointEntity).findOneBy({ id: delivery.endpointId });
    if (!endpoint) return { status: 'CANCELLED' };
    if (endpoint.pausedAt) {
      await this.write(delivery.id, { status: 'HELD', nextAttemptAt: null });
      return { status: 'HELD' };
    }

    const startedAt = new Date();
    const outcome = await postWebhook({
      url: endpoint.url,
      body: delivery.payload,
      headers: webhookHeaders(endpoint.secret, delivery.id, delivery.eventType, delivery.payload, startedAt.getTime()),
      timeoutMs: this.settings.WEBHOOK_TIMEOUT_MS,
      allowLocal: this.settings.WEBHOOK_ALLOW_LOCAL_ENDPOINTS,
    });
    const attempts = delivery.attempts + 1;
    if (outcome.ok) {
      await inTransaction(this.data, async (manager) => {
        await manager.getRepository(WebhookDeliveryEntity).update(
          { id: delivery.id },
          { status: 'DELIVERED', attempts, lastStatusCode: outcome.status, lastError: null, lastAttemptAt: startedAt, nextAttemptAt: null, deliveredAt: new Date() },
        );
        await manager.getRepository(WebhookEndpointEntity).update({ id: endpoint.id }, { consecutiveFailures: 0 });
      });
      return { status: 'DELIVERED' };
    }

    const made = job.attemptsMade + 1;
    const final = made >= (job.opts.attempts ?? 1);
    const error = outcome.error.slice(0, MAX_ERROR_LENGTH);
    const paused = await inTransaction(this.data, async (manager) => {
      await manager.getRepository(WebhookDeliveryEntity).update(
        { id: delivery.id },
        {
          status: final ? 'FAILED' : 'RETRYING',
          attempts,
          lastStatusCode: outcome.status,
          lastError: error,
          lastAttemptAt: startedAt,
          nextAttemptAt: final ? null : new Date(Date.now() + retryDelayMs(this.settings, made)),
        },
      );
      const endpoints = manager.getRepository(WebhookEndpointEntity);
      await endpoints.increment({ id: endpoint.id }, 'consecutiveFailures', 1);
      const now = await endpoints.findOneByOrFail({ id: endpoint.id });
      if (now.pausedAt || now.consecutiveFailures < this.settings.WEBHOOK_PAUSE_AFTER_FAILURES) return false;
      await endpoints.update(
        { id: endpoint.id },
        { pausedAt: new Date(), pausedReason: `paused after ${now.consecutiveFailures} failed attempts in a row; the last: ${error}`.slice(0, MAX_ERROR_LENGTH) },
      );
      return true;
    });
    if (paused) this.logger.warn({ endpointId: endpoint.id, failures: this.settings.WEBHOOK_PAUSE_AFTER_FAILURES }, 'webhook endpoint paused after repeated failures');
    // On the last attempt BullMQ moves the job to its failed set: the dead letter, beside the log's FAILED.
    throw new AttemptFailed(error);
  }

  private write(id: string, changes: Partial<WebhookDeliveryEntity>): Promise<unknown> {
    return inTransaction(this.data, (manager) => manager.getRepository(WebhookDeliveryEntity).update({ id }, changes));
  }
}
