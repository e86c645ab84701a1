import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { PersistenceModule, RedisModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { JobDirectoryModule } from '@scriptbook/platform/jobs';
import { MembershipModule } from '@scriptbook/platform/membership';
import { campaignsPersistence } from './campaigns.persistence';
import { CampaignsModule } from './campaigns/campaigns.module';
import { EnvelopesModule } from './envelopes/envelopes.module';
import { LiveUpdatesModule } from './live/live.module';

/**
 * Redis lets every request refuse the tokens of removed players before it
 * touches player-owned rows, and holds the group membership read model every
 * campaign read and write is checked against.
 */
@Module({
  imports: [
    SubgraphGraphQLModule(),
    PersistenceModule.forService(campaignsPersistence),
    RedisModule,
    MembershipModule,
    JobDirectoryModule,
    ContentLibraryModule,
    CampaignsModule,
    EnvelopesModule,
    LiveUpdatesModule,
  ],
})
export class CampaignsApiModule {}
