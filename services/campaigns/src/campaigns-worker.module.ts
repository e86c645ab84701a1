import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { PersistenceModule, RedisModule } from '@scriptbook/platform';
import { campaignsPersistence } from './campaigns.persistence';
import { CampaignEntity } from './campaigns/campaign.entity';
import { EnvelopeUnlockProcessor } from './envelopes/envelope-unlock.processor';
import { GroupEnvelopeEntity } from './envelopes/group-envelope.entity';
import { CampaignChangePublisherModule } from './live/campaign-change-publisher.module';
import { CampaignSnapshotEntity } from './snapshots/campaign-snapshot.entity';
import { CampaignSnapshotProcessor } from './snapshots/campaign-snapshot.processor';
import { CampaignChangeEntity } from './sync/campaign-change.entity';

/** The campaigns worker: processors only, no GraphQL. Migrations are the API's to run. */
@Module({
  imports: [
    PersistenceModule.forService({ ...campaignsPersistence, runMigrations: false }),
    PersistenceModule.repositories(CampaignEntity, CampaignChangeEntity, CampaignSnapshotEntity, GroupEnvelopeEntity),
    RedisModule,
    ContentLibraryModule,
    CampaignChangePublisherModule,
  ],
  providers: [CampaignSnapshotProcessor, EnvelopeUnlockProcessor],
})
export class CampaignsWorkerModule {}
