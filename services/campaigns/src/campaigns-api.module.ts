import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { PersistenceModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { campaignsPersistence } from './campaigns.persistence';
import { CampaignsModule } from './campaigns/campaigns.module';

@Module({
  imports: [SubgraphGraphQLModule(), PersistenceModule.forService(campaignsPersistence), ContentLibraryModule, CampaignsModule],
})
export class CampaignsApiModule {}
