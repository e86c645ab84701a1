import { DEFAULT_PORTS, ServiceDefinition, serviceConfigSchema } from '@scriptbook/platform';
import { z } from 'zod';
import { CampaignsApiModule } from './campaigns-api.module';
import { CampaignsWorkerModule } from './campaigns-worker.module';

export const campaignsConfigSchema = serviceConfigSchema(DEFAULT_PORTS.campaigns, {
  /** A snapshot of a campaign's state is queued each time its version reaches a multiple of this. */
  CAMPAIGN_SNAPSHOT_EVERY: z.coerce.number().int().min(1).max(100_000).default(100),
});
export type CampaignsConfig = z.infer<typeof campaignsConfigSchema>;
export const campaignsWorkerConfigSchema = serviceConfigSchema(DEFAULT_PORTS['campaigns-worker'], {});

/** Campaigns of a group; game and owner resolve through the other subgraphs. Live updates at /graphql/ws. */
export const campaignsApp: ServiceDefinition<typeof campaignsConfigSchema> = {
  name: 'campaigns',
  module: CampaignsApiModule,
  configSchema: campaignsConfigSchema,
};

/** Runs campaigns' queues (snapshots); serves only /health and /metrics. */
export const campaignsWorkerApp: ServiceDefinition<typeof campaignsWorkerConfigSchema> = {
  name: 'campaigns-worker',
  module: CampaignsWorkerModule,
  configSchema: campaignsWorkerConfigSchema,
};
