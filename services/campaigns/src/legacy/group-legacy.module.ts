import { Module } from '@nestjs/common';
import { PersistenceModule } from '@scriptbook/platform';
import { GroupEnvelopeEntity } from './group-envelope.entity';
import { GroupEnvelopeLedger } from './group-envelope-ledger';

/** What each group has opened for good; new campaigns start from it, the envelopes module writes it. */
@Module({
  imports: [PersistenceModule.repositories(GroupEnvelopeEntity)],
  providers: [GroupEnvelopeLedger],
  exports: [GroupEnvelopeLedger],
})
export class GroupLegacyModule {}
