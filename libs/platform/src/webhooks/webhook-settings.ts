import { z } from 'zod';
import { BaseConfig, booleanFlag, ConfigError } from '../config/config';

/**
 * The webhook settings of the service hosting the webhook API and worker,
 * spread into its config schema. Defaults give about eight and a half hours
 * of retries: attempts after 1, 2, 4 … 256 minutes.
 */
export const webhookSettingsShape = {
  /**
   * Lets endpoints use http:// and reach loopback, private and link-local
   * addresses, for a receiver on the developer's machine or in tests. Off by
   * default; a process with NODE_ENV=production refuses to start with it on.
   */
  WEBHOOK_ALLOW_LOCAL_ENDPOINTS: booleanFlag.default('false'),
  /** Attempts per delivery, the first included, before it is dead-lettered (FAILED). */
  WEBHOOK_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(10),
  /** Wait before the first retry; each further retry waits twice the one before. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** Failed attempts in a row (across deliveries) after which an endpoint is paused. */
  WEBHOOK_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(20),
  /** How long a receiver has to answer one attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long a delivery job stays locked to a worker without renewal, and how often workers look for jobs whose worker died. */
  WEBHOOK_JOB_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** How often the worker hands over events whose API process died between its commit and the queue. */
  WEBHOOK_OUTBOX_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** Endpoints one player may hold at once. */
  WEBHOOK_MAX_ENDPOINTS_PER_OWNER: z.coerce.number().int().min(1).max(1_000).default(10),
};

const settingsSchema = z.object(webhookSettingsShape);
export type WebhookSettings = z.infer<typeof settingsSchema>;

/** The host's settings, checked once at start: local endpoints are never allowed in production. */
export function webhookSettingsOf(config: BaseConfig & Partial<WebhookSettings>, service: string): WebhookSettings {
  const settings = settingsSchema.parse(Object.fromEntries(Object.keys(webhookSettingsShape).map((key) => [key, (config as Record<string, unknown>)[key] === undefined ? undefined : String((config as Record<string, unknown>)[key])])));
  if (settings.WEBHOOK_ALLOW_LOCAL_ENDPOINTS && config.NODE_ENV === 'production') {
    throw new ConfigError(service, ['WEBHOOK_ALLOW_LOCAL_ENDPOINTS: may not be on when NODE_ENV is production (endpoints must be public https addresses there)']);
  }
  return settings;
}

/** When attempt `made + 1` runs, after `made` failed ones: BullMQ's exponential backoff, the same formula. */
export function retryDelayMs(settings: WebhookSettings, made: number): number {
  return settings.WEBHOOK_RETRY_BASE_MS * 2 ** (made - 1);
}
