import { Module, Type } from '@nestjs/common';
import { PersistenceModule, QueueModule, RedisModule } from '@scriptbook/platform';
import { WebhookEmitterModule } from '@scriptbook/platform/webhooks';
import { CampaignChangePublisherModule } from './announcements/campaign-change-publisher.module';
import { CampaignsHost, gameHostFor } from './campaigns-host';
import { campaignsPersistence } from './campaigns.persistence';
import { CampaignModels } from './campaigns/campaign-models';
import { EnvelopeUnlockProcessor } from './envelopes/envelope-unlock.processor';
import { GroupEnvelopeEntity } from './legacy/group-envelope.entity';
import { CampaignPurgeProcessor } from './lifecycle/campaign-purge.processor';
import { campaignPurgeQueue } from './lifecycle/campaign-purge.queue';
import { campaignSnapshotQueue } from './snapshots/campaign-snapshot.queue';
import { CampaignSnapshotEntity } from './snapshots/campaign-snapshot.entity';
import { CampaignSnapshotProcessor } from './snapshots/campaign-snapshot.processor';
import { CampaignStoreModule } from './store/campaign-store.module';
import { RejectionsSweepProcessor } from './sync/rejections-sweep.processor';
import { rejectionsSweepQueue } from './sync/rejections-sweep.queue';

/** The campaigns worker for the games of `host`: processors only, no GraphQL. Migrations are the API's to run. */
export function campaignsWorkerModule(host: CampaignsHost): Type<unknown> {
  @Module({
    imports: [
      PersistenceModule.forService({ ...campaignsPersistence, runMigrations: false }),
      PersistenceModule.repositories(CampaignSnapshotEntity, GroupEnvelopeEntity),
      RedisModule,
      gameHostFor(host),
      CampaignStoreModule,
      CampaignChangePublisherModule,
      QueueModule.register(rejectionsSweepQueue),
      // The purge's own scheduler, and the snapshot queue whose jobs of a purged campaign it removes.
      QueueModule.register(campaignPurgeQueue),
      QueueModule.register(campaignSnapshotQueue),
      // Envelope openings are webhook events; scoring's worker delivers them.
      WebhookEmitterModule,
    ],
    providers: [CampaignModels, CampaignSnapshotProcessor, EnvelopeUnlockProcessor, RejectionsSweepProcessor, CampaignPurgeProcessor],
  })
  class CampaignsWorkerModule {}
  return CampaignsWorkerModule;
}
