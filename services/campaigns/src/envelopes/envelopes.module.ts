import { Module } from '@nestjs/common';
import { PersistenceModule, QueueModule } from '@scriptbook/platform';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { GroupEnvelopeEntity } from '../legacy/group-envelope.entity';
import { CampaignStoreModule } from '../store/campaign-store.module';
import { SyncModule } from '../sync/sync.module';
import { envelopeUnlockQueue } from './envelope-unlock.queue';
import { EnvelopesResolver } from './envelopes.resolver';
import { EnvelopesService } from './envelopes.service';

/** Scenario outcomes and the legacy envelopes they open; the unlock job itself runs in the campaigns worker. */
@Module({
  imports: [PersistenceModule.repositories(GroupEnvelopeEntity), QueueModule.register(envelopeUnlockQueue), CampaignsModule, CampaignStoreModule, SyncModule],
  providers: [EnvelopesService, EnvelopesResolver],
})
export class EnvelopesModule {}
