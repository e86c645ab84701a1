import { PersistenceDefinition } from '@scriptbook/platform';
import { CampaignEntity } from './campaigns/campaign.entity';
import { campaignsMigrations } from './migrations';

export const campaignsPersistence: PersistenceDefinition = {
  service: 'campaigns',
  entities: [CampaignEntity],
  migrations: campaignsMigrations,
};
