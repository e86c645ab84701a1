import { Module } from '@nestjs/common';
import { PersistenceModule, QueueModule } from '@scriptbook/platform';
import { GroupEnvelopeEntity } from '../envelopes/group-envelope.entity';
import { GroupEnvelopeLedger } from '../envelopes/group-envelope-ledger';
import { CampaignChangePublisherModule } from '../live/campaign-change-publisher.module';
import { campaignSnapshotQueue } from '../snapshots/campaign-snapshot.queue';
import { CampaignChangeEntity } from '../sync/campaign-change.entity';
import { CampaignClientEntity } from '../sync/campaign-client.entity';
import { SyncResolver } from '../sync/sync.resolver';
import { SyncService } from '../sync/sync.service';
import { CampaignAccess } from './campaign-access';
import { CampaignReadCache } from './campaign-read-cache';
import { CampaignEntity } from './campaign.entity';
import { CampaignsResolver } from './campaigns.resolver';
import { CampaignsService } from './campaigns.service';

@Module({
  imports: [
    PersistenceModule.repositories(CampaignEntity, CampaignChangeEntity, CampaignClientEntity, GroupEnvelopeEntity),
    QueueModule.register(campaignSnapshotQueue),
    CampaignChangePublisherModule,
  ],
  providers: [CampaignReadCache, CampaignAccess, CampaignsService, CampaignsResolver, SyncService, SyncResolver, GroupEnvelopeLedger],
  exports: [CampaignAccess, SyncService],
})
export class CampaignsModule {}
