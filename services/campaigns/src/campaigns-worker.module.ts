import { Module } from '@nestjs/common';
import { PersistenceModule, RedisModule } from '@scriptbook/platform';
import { campaignsPersistence } from './campaigns.persistence';
import { CampaignEntity } from './campaigns/campaign.entity';
import { CampaignSnapshotEntity } from './snapshots/campaign-snapshot.entity';
import { CampaignSnapshotProcessor } from './snapshots/campaign-snapshot.processor';
import { CampaignChangeEntity } from './sync/campaign-change.entity';

/** The campaigns worker: processors only, no GraphQL. Migrations are the API's to run. */
@Module({
  imports: [
    PersistenceModule.forService({ ...campaignsPersistence, runMigrations: false }),
    PersistenceModule.repositories(CampaignEntity, CampaignChangeEntity, CampaignSnapshotEntity),
    RedisModule,
  ],
  providers: [CampaignSnapshotProcessor],
})
export class CampaignsWorkerModule {}
