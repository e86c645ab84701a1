import { DEFAULT_PORTS, ServiceDefinition, serviceConfigSchema } from '@scriptbook/platform';
import { CampaignsApiModule } from './campaigns-api.module';

export const campaignsConfigSchema = serviceConfigSchema(DEFAULT_PORTS.campaigns, {});

/** Campaigns of a group; game and owner resolve through the other subgraphs. */
export const campaignsApp: ServiceDefinition<typeof campaignsConfigSchema> = {
  name: 'campaigns',
  module: CampaignsApiModule,
  configSchema: campaignsConfigSchema,
};
