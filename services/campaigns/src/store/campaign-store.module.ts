import { Module } from '@nestjs/common';
import { CampaignLifecycleStore } from './campaign-lifecycle-store';
import { CampaignStore } from './campaign-store';

/** The one store of campaign rows, their log and their devices' progress. */
@Module({ providers: [CampaignStore, CampaignLifecycleStore], exports: [CampaignStore, CampaignLifecycleStore] })
export class CampaignStoreModule {}
