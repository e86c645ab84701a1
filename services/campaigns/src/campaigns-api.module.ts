import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { PersistenceModule, RedisModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { campaignsPersistence } from './campaigns.persistence';
import { CampaignsModule } from './campaigns/campaigns.module';

/** Redis lets every request refuse the tokens of removed players before it touches player-owned rows. */
@Module({
  imports: [SubgraphGraphQLModule(), PersistenceModule.forService(campaignsPersistence), RedisModule, ContentLibraryModule, CampaignsModule],
})
export class CampaignsApiModule {}
