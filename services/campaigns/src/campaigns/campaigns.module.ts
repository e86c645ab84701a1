import { Module } from '@nestjs/common';
import { PersistenceModule, QueueModule } from '@scriptbook/platform';
import { CampaignChangePublisherModule } from '../live/campaign-change-publisher.module';
import { campaignSnapshotQueue } from '../snapshots/campaign-snapshot.queue';
import { CampaignChangeEntity } from '../sync/campaign-change.entity';
import { CampaignClientEntity } from '../sync/campaign-client.entity';
import { SyncResolver } from '../sync/sync.resolver';
import { SyncService } from '../sync/sync.service';
import { CampaignAccess } from './campaign-access';
import { CampaignEntity } from './campaign.entity';
import { CampaignsResolver } from './campaigns.resolver';
import { CampaignsService } from './campaigns.service';

@Module({
  imports: [
    PersistenceModule.repositories(CampaignEntity, CampaignChangeEntity, CampaignClientEntity),
    QueueModule.register(campaignSnapshotQueue),
    CampaignChangePublisherModule,
  ],
  providers: [CampaignAccess, CampaignsService, CampaignsResolver, SyncService, SyncResolver],
  exports: [CampaignAccess],
})
export class CampaignsModule {}
