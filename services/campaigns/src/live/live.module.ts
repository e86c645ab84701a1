import { Module } from '@nestjs/common';
import { PersistenceModule } from '@scriptbook/platform';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { LiveCampaignHub } from './live-campaign-hub';
import { LiveUpdatesServer } from './live-updates.server';
import { UpgradeRateLimit } from './upgrade-rate-limit';

/** The subscription side of the API process: graphql-ws at /graphql/ws, fed by Redis pub/sub. */
@Module({
  imports: [PersistenceModule.repositories(CampaignEntity), CampaignsModule],
  providers: [LiveCampaignHub, LiveUpdatesServer, UpgradeRateLimit],
})
export class LiveUpdatesModule {}
