import { DEFAULT_PORTS, ServiceDefinition, serviceConfigSchema } from '@scriptbook/platform';
import { z } from 'zod';
import { CampaignsApiModule } from './campaigns-api.module';
import { CampaignsWorkerModule } from './campaigns-worker.module';

export const campaignsConfigSchema = serviceConfigSchema(DEFAULT_PORTS.campaigns, {
  /** A snapshot of a campaign's state is queued each time its version reaches a multiple of this. */
  CAMPAIGN_SNAPSHOT_EVERY: z.coerce.number().int().min(1).max(100_000).default(100),
  /** WebSocket upgrades to /graphql/ws one client address may make per minute; over it, 429 with Retry-After. 0 turns the limit off. */
  LIVE_UPGRADES_PER_MINUTE: z.coerce.number().int().nonnegative().default(120),
  /**
   * Longest a replica answers `campaign(id)` from a row it read earlier. Every commit's announcement drops the row at once;
   * this bounds only a change whose announcement Redis refused. 0 reads the database every time.
   */
  CAMPAIGN_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
});
export type CampaignsConfig = z.infer<typeof campaignsConfigSchema>;
export const campaignsWorkerConfigSchema = serviceConfigSchema(DEFAULT_PORTS['campaigns-worker'], {
  /** Campaigns the envelope unlock job brings up to date per transaction. */
  ENVELOPE_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1_000),
  /** How long an unlock job stays locked to a worker without renewal; a dead worker's job is taken over after about this plus the check interval. */
  ENVELOPE_JOB_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** How often the worker looks for unlock jobs whose worker died. */
  ENVELOPE_JOB_STALLED_CHECK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
});
export type CampaignsWorkerConfig = z.infer<typeof campaignsWorkerConfigSchema>;

/** Campaigns of a group; game and owner resolve through the other subgraphs. Live updates at /graphql/ws. */
export const campaignsApp: ServiceDefinition<typeof campaignsConfigSchema> = {
  name: 'campaigns',
  module: CampaignsApiModule,
  configSchema: campaignsConfigSchema,
};

/** Runs campaigns' queues (snapshots, envelope unlocks); serves only /health and /metrics. */
export const campaignsWorkerApp: ServiceDefinition<typeof campaignsWorkerConfigSchema> = {
  name: 'campaigns-worker',
  module: CampaignsWorkerModule,
  configSchema: campaignsWorkerConfigSchema,
};
