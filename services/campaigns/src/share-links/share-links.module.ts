import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { ShareLinkDirectoryModule } from './share-link-directory.module';
import { ShareLinksResolver } from './share-links.resolver';
import { ShareLinksService } from './share-links.service';

/** Read-only share links of campaigns: made, listed and revoked by members; their tokens checked for every request (ShareLinkDirectoryModule). */
@Module({
  imports: [CampaignsModule, ShareLinkDirectoryModule],
  providers: [ShareLinksService, ShareLinksResolver],
})
export class ShareLinksModule {}
