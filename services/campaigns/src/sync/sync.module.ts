import { Module } from '@nestjs/common';
import { QueueModule } from '@scriptbook/platform';
import { CampaignChangePublisherModule } from '../announcements/campaign-change-publisher.module';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { campaignSnapshotQueue } from '../snapshots/campaign-snapshot.queue';
import { CampaignStoreModule } from '../store/campaign-store.module';
import { SyncResolver } from './sync.resolver';
import { SyncService } from './sync.service';

/** Push, pull, history and undo of a campaign's actions; the snapshots a commit makes due are queued from here. */
@Module({
  imports: [CampaignsModule, CampaignStoreModule, CampaignChangePublisherModule, QueueModule.register(campaignSnapshotQueue)],
  providers: [SyncService, SyncResolver],
  exports: [SyncService],
})
export class SyncModule {}
