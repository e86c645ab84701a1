import { RELEASE_CATALOG } from '@scriptbook/games';
import { campaignsService, campaignsWorker } from './campaigns-service';

export { campaignsConfigSchema, campaignsWorkerConfigSchema } from './campaigns.config';
export type { CampaignsConfig, CampaignsWorkerConfig } from './campaigns.config';

/** Campaigns of a group for the release's games; game and owner resolve through the other subgraphs. Live updates at /graphql/ws. */
export const campaignsApp = campaignsService('campaigns', { catalog: RELEASE_CATALOG });

/** Runs campaigns' queues (snapshots, envelope unlocks); serves only /health and /metrics. */
export const campaignsWorkerApp = campaignsWorker('campaigns-worker', { catalog: RELEASE_CATALOG });
