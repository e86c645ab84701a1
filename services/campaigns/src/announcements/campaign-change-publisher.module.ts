import { Module } from '@nestjs/common';
import { CampaignChangePublisher } from './campaign-change-publisher';

/** What a writer needs to announce its commits. */
@Module({ providers: [CampaignChangePublisher], exports: [CampaignChangePublisher] })
export class CampaignChangePublisherModule {}
