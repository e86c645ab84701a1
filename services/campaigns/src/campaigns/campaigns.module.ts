import { Module } from '@nestjs/common';
import { CampaignChangePublisherModule } from '../announcements/campaign-change-publisher.module';
import { GroupLegacyModule } from '../legacy/group-legacy.module';
import { CampaignStoreModule } from '../store/campaign-store.module';
import { CampaignAccess } from './campaign-access';
import { CampaignModels } from './campaign-models';
import { CampaignReadCache } from './campaign-read-cache';
import { CampaignSetupRun } from './campaign-setup-run';
import { CampaignsService } from './campaigns.service';

/**
 * Campaigns themselves: creating them, reading them, and who may see them.
 * Sync, envelopes and live updates build on this; it knows none of them.
 * Its GraphQL face is made per hosted catalog (campaigns-graphql.module.ts).
 */
@Module({
  imports: [CampaignStoreModule, CampaignChangePublisherModule, GroupLegacyModule],
  providers: [CampaignModels, CampaignReadCache, CampaignAccess, CampaignSetupRun, CampaignsService],
  exports: [CampaignModels, CampaignAccess, CampaignSetupRun, CampaignsService],
})
export class CampaignsModule {}
