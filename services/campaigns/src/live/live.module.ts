import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { CampaignStoreModule } from '../store/campaign-store.module';
import { LiveCampaignHub } from './live-campaign-hub';
import { LiveUpdatesServer } from './live-updates.server';
import { UpgradeRateLimit } from './upgrade-rate-limit';

/** The subscription side of the API process: graphql-ws at /graphql/ws, fed by Redis pub/sub. */
@Module({
  imports: [CampaignsModule, CampaignStoreModule],
  providers: [LiveCampaignHub, LiveUpdatesServer, UpgradeRateLimit],
})
export class LiveUpdatesModule {}
