import { z } from 'zod';
import { defineQueue } from '../queues/queue-definition';

/**
 * One delivery's attempts: a job per delivery, its id the delivery's (a
 * resumed one's gets a suffix). Attempts and backoff come from the host's
 * settings when the fan-out adds it; a job whose attempts run out leaves
 * the delivery FAILED, dead-lettered in BullMQ's failed set (kept a week)
 * and in the log.
 */
export const webhookDeliveryQueue = defineQueue('webhook-delivery', z.object({ deliveryId: z.string().uuid() }));
export type WebhookDeliveryJob = z.infer<typeof webhookDeliveryQueue.payload>;

/** Attempts and backoff of a delivery job, from the host's settings. */
export function deliveryJobOptions(settings: { WEBHOOK_DELIVERY_ATTEMPTS: number; WEBHOOK_RETRY_BASE_MS: number }) {
  return { attempts: settings.WEBHOOK_DELIVERY_ATTEMPTS, backoff: { type: 'exponential' as const, delay: settings.WEBHOOK_RETRY_BASE_MS } };
}
