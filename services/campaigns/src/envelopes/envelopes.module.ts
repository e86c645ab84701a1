import { Module } from '@nestjs/common';
import { PersistenceModule, QueueModule } from '@scriptbook/platform';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { envelopeUnlockQueue } from './envelope-unlock.queue';
import { EnvelopesResolver } from './envelopes.resolver';
import { EnvelopesService } from './envelopes.service';
import { GroupEnvelopeEntity } from './group-envelope.entity';

/** Scenario outcomes and the legacy envelopes they open; the unlock job itself runs in the campaigns worker. */
@Module({
  imports: [PersistenceModule.repositories(GroupEnvelopeEntity), QueueModule.register(envelopeUnlockQueue), CampaignsModule],
  providers: [EnvelopesService, EnvelopesResolver],
})
export class EnvelopesModule {}
