import { Module } from '@nestjs/common';
import { PersistenceModule } from '@scriptbook/platform';
import { CampaignEntity } from './campaign.entity';
import { CampaignsResolver } from './campaigns.resolver';
import { CampaignsService } from './campaigns.service';

@Module({
  imports: [PersistenceModule.repositories(CampaignEntity)],
  providers: [CampaignsService, CampaignsResolver],
})
export class CampaignsModule {}
