import { PersistenceDefinition } from '@scriptbook/platform';
import { CampaignEntity } from './campaigns/campaign.entity';
import { GroupEnvelopeEntity } from './envelopes/group-envelope.entity';
import { campaignsMigrations } from './migrations';
import { CampaignSnapshotEntity } from './snapshots/campaign-snapshot.entity';
import { CampaignChangeEntity } from './sync/campaign-change.entity';
import { CampaignClientEntity } from './sync/campaign-client.entity';

export const campaignsPersistence: PersistenceDefinition = {
  service: 'campaigns',
  entities: [CampaignEntity, CampaignChangeEntity, CampaignClientEntity, CampaignSnapshotEntity, GroupEnvelopeEntity],
  migrations: campaignsMigrations,
};
