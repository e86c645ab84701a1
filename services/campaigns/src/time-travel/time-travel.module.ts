import { Module } from '@nestjs/common';
import { QueueModule } from '@scriptbook/platform';
import { CampaignChangePublisherModule } from '../announcements/campaign-change-publisher.module';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { campaignSnapshotQueue } from '../snapshots/campaign-snapshot.queue';
import { CampaignStateAt } from './campaign-state-at';
import { TimeTravelResolver } from './time-travel.resolver';
import { TimeTravelService } from './time-travel.service';

/** The state at any version and revert to it; a revert's snapshot, when due, is queued from here as a push's is. */
@Module({
  imports: [CampaignsModule, CampaignChangePublisherModule, QueueModule.register(campaignSnapshotQueue)],
  providers: [CampaignStateAt, TimeTravelService, TimeTravelResolver],
  exports: [CampaignStateAt, TimeTravelService],
})
export class TimeTravelModule {}
