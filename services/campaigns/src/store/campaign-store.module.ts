import { Module } from '@nestjs/common';
import { CampaignLifecycleStore } from './campaign-lifecycle-store';
import { CampaignStore } from './campaign-store';
import { PushTargetCache } from './push-target-cache';

/** The one store of campaign rows, their log and their devices' progress. */
@Module({ providers: [CampaignStore, CampaignLifecycleStore, { provide: PushTargetCache, useFactory: () => new PushTargetCache() }], exports: [CampaignStore, CampaignLifecycleStore, PushTargetCache] })
export class CampaignStoreModule {}
