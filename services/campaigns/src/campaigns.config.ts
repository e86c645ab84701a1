import { DEFAULT_PORTS, serviceConfigSchema } from '@scriptbook/platform';
import { z } from 'zod';

/**
 * Days a deleted campaign stays restorable before the campaigns worker purges it; read by the API (until when
 * `restoreCampaign` accepts it) and by the worker (what its purge removes). 0 purges at the worker's next sweep.
 */
const CAMPAIGN_PURGE_AFTER_DAYS = z.coerce.number().int().min(0).max(3650).default(30);

/** The campaigns API's settings, over the base every service reads; validated at start. */
export const campaignsConfigSchema = serviceConfigSchema(DEFAULT_PORTS.campaigns, {
  /** A snapshot of a campaign's state is queued each time its version reaches a multiple of this. */
  CAMPAIGN_SNAPSHOT_EVERY: z.coerce.number().int().min(1).max(100_000).default(100),
  /** WebSocket upgrades to /graphql/ws one client address may make per minute; over it, 429 with Retry-After. 0 turns the limit off. */
  LIVE_UPGRADES_PER_MINUTE: z.coerce.number().int().nonnegative().default(120),
  /** Subscriptions one socket on /graphql/ws may hold at once; one more is refused (GRAPHQL_VALIDATION_FAILED, rule max-subscriptions). 0 turns the limit off. */
  LIVE_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().nonnegative().default(20),
  /** Messages one socket on /graphql/ws may send per second; a subscribe over it is refused (RATE_LIMITED), a ping dropped. 0 turns the limit off. */
  LIVE_MESSAGES_PER_SECOND: z.coerce.number().int().nonnegative().default(40),
  /**
   * Longest a replica answers `campaign(id)` from a row it read earlier. Every commit's announcement drops the row at once;
   * this bounds only a change whose announcement Redis refused. 0 reads the database every time.
   */
  CAMPAIGN_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  CAMPAIGN_PURGE_AFTER_DAYS,
  /**
   * Largest campaign file `POST /campaigns/import` reads, in bytes (64 MiB by default: a This War of Mine campaign's file is
   * about 270 bytes an action, so some 240,000 actions); past it, 413 with nothing stored.
   */
  CAMPAIGN_IMPORT_MAX_BYTES: z.coerce.number().int().min(1_024).max(1_073_741_824).default(67_108_864),
});
export type CampaignsConfig = z.infer<typeof campaignsConfigSchema>;
/** The campaigns worker's settings: how the envelope unlock job batches and how its lock is kept. */
export const campaignsWorkerConfigSchema = serviceConfigSchema(DEFAULT_PORTS['campaigns-worker'], {
  /** Campaigns the envelope unlock job brings up to date per transaction. */
  ENVELOPE_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1_000),
  /** How long an unlock job stays locked to a worker without renewal; a dead worker's job is taken over after about this plus the check interval. */
  ENVELOPE_JOB_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** How often the worker looks for unlock jobs whose worker died. */
  ENVELOPE_JOB_STALLED_CHECK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  CAMPAIGN_PURGE_AFTER_DAYS,
  /** Changes of a purged campaign's log deleted per statement, so no transaction holds a long log. */
  CAMPAIGN_PURGE_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** How long a purge job stays locked to a worker without renewal, and how often the worker looks for purges whose worker died. */
  CAMPAIGN_PURGE_JOB_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
});
export type CampaignsWorkerConfig = z.infer<typeof campaignsWorkerConfigSchema>;

