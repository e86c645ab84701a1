import { Module, Type } from '@nestjs/common';
import { PersistenceModule, RedisModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { JobDirectoryModule } from '@scriptbook/platform/jobs';
import { MembershipModule } from '@scriptbook/platform/membership';
import { CampaignsHost, gameHostFor } from './campaigns-host';
import { campaignsPersistence } from './campaigns.persistence';
import { CampaignsGraphQLModule } from './campaigns/campaigns-graphql.module';
import { EnvelopesModule } from './envelopes/envelopes.module';
import { CampaignFilesModule } from './files/campaign-files.module';
import { LiveUpdatesModule } from './live/live.module';
import { ShareLinksModule } from './share-links/share-links.module';
import { SyncModule } from './sync/sync.module';
import { TimeTravelModule } from './time-travel/time-travel.module';

/**
 * The campaigns API for the games of `host`. Redis lets every request refuse
 * the tokens of removed players before it touches player-owned rows, and
 * holds the group membership read model every campaign read and write is
 * checked against.
 */
export function campaignsApiModule(host: CampaignsHost): Type<unknown> {
  @Module({
    imports: [
      SubgraphGraphQLModule(),
      PersistenceModule.forService(campaignsPersistence),
      RedisModule,
      MembershipModule,
      JobDirectoryModule,
      gameHostFor(host),
      CampaignsGraphQLModule.forCatalog(host.catalog),
      SyncModule,
      TimeTravelModule,
      ShareLinksModule,
      EnvelopesModule,
      CampaignFilesModule,
      LiveUpdatesModule,
    ],
  })
  class CampaignsApiModule {}
  return CampaignsApiModule;
}
