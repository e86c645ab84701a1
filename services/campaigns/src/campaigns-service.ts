import { serveAheadOfExpress, ServiceDefinition } from '@scriptbook/platform';
import { campaignsApiModule } from './campaigns-api.module';
import { campaignsWorkerModule } from './campaigns-worker.module';
import { CAMPAIGN_IMPORT_PATH, CampaignImportRoute } from './files/campaign-import.route';
import { campaignsConfigSchema, campaignsWorkerConfigSchema } from './campaigns.config';
import { CampaignsHost } from './campaigns-host';

export type { CampaignsHost } from './campaigns-host';

/**
 * A campaigns subgraph serving the campaigns of `host`'s games: its types and setups derived from the catalog. Live updates at /graphql/ws;
 * campaign file uploads at /campaigns/import, ahead of the JSON body parser, which would read a file whole.
 */
export function campaignsService(name: string, host: CampaignsHost): ServiceDefinition<typeof campaignsConfigSchema> {
  return {
    name,
    module: campaignsApiModule(host),
    configSchema: campaignsConfigSchema,
    configure: (app) => serveAheadOfExpress(app, CAMPAIGN_IMPORT_PATH, app.get(CampaignImportRoute).handle),
  };
}

/** The worker that runs the queues (snapshots, envelope unlocks, the rejections sweep) of a campaigns service for the same games; serves only /health and /metrics. */
export function campaignsWorker(name: string, host: CampaignsHost): ServiceDefinition<typeof campaignsWorkerConfigSchema> {
  return { name, module: campaignsWorkerModule(host), configSchema: campaignsWorkerConfigSchema };
}
