import { PersistenceDefinition } from '@scriptbook/platform';
import { CampaignEntity } from './store/campaign.entity';
import { GroupEnvelopeEntity } from './legacy/group-envelope.entity';
import { campaignsMigrations } from './migrations';
import { CampaignSnapshotEntity } from './snapshots/campaign-snapshot.entity';
import { CampaignChangeEntity } from './store/campaign-change.entity';
import { CampaignClientEntity } from './store/campaign-client.entity';
import { CampaignRejectionEntity } from './store/campaign-rejection.entity';
import { CampaignShareLinkEntity } from './share-links/campaign-share-link.entity';

export const campaignsPersistence: PersistenceDefinition = {
  service: 'campaigns',
  entities: [CampaignEntity, CampaignChangeEntity, CampaignClientEntity, CampaignRejectionEntity, CampaignSnapshotEntity, GroupEnvelopeEntity, CampaignShareLinkEntity],
  migrations: campaignsMigrations,
};
