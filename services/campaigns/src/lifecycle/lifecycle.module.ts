import { DynamicModule, Module, Type } from '@nestjs/common';
import { QueueModule } from '@scriptbook/platform';
import { CampaignChangePublisherModule } from '../announcements/campaign-change-publisher.module';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { Campaign } from '../campaigns/campaign.model';
import { campaignSnapshotQueue } from '../snapshots/campaign-snapshot.queue';
import { CampaignStoreModule } from '../store/campaign-store.module';
import { CampaignLifecycleService } from './campaign-lifecycle.service';
import { campaignLifecycleResolver } from './lifecycle.resolver';

/** Rename, archive, delete, restore and transfer of campaigns, answered with the hosted catalog's `Campaign` type. The purge runs in the worker. */
@Module({})
export class CampaignLifecycleModule {
  static forCampaignType(campaign: Type<Campaign>): DynamicModule {
    return {
      module: CampaignLifecycleModule,
      imports: [CampaignsModule, CampaignStoreModule, CampaignChangePublisherModule, QueueModule.register(campaignSnapshotQueue)],
      providers: [CampaignLifecycleService, campaignLifecycleResolver(campaign)],
    };
  }
}
