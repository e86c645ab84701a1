import { Global, Injectable, Module } from '@nestjs/common';
import { InjectRepository, PersistenceModule, SHARE_LINK_DIRECTORY, ShareLinkCredentials, ShareLinkDirectory } from '@scriptbook/platform';
import { Repository } from 'typeorm';
import { CampaignShareLinkEntity } from './campaign-share-link.entity';
import { secretMatches } from './share-link-secrets';

/** The campaigns service issues share links, so it answers from its own table which campaign a link's token opens. */
@Injectable()
class ShareLinkTable implements ShareLinkDirectory {
  constructor(@InjectRepository(CampaignShareLinkEntity) private readonly links: Repository<CampaignShareLinkEntity>) {}

  async campaignOf({ linkId, secret }: ShareLinkCredentials): Promise<string | null> {
    const link = await this.links.findOne({ where: { id: linkId }, select: { campaignId: true, secretHash: true, revokedAt: true } });
    return link && link.revokedAt === null && secretMatches(secret, link.secretHash) ? link.campaignId : null;
  }
}

/**
 * Global so the platform's TokenService sees it: every request to the
 * campaigns service carrying a share link's token is checked against the
 * link's row (one primary-key read), so a revoked link stops at once on
 * every replica.
 */
@Global()
@Module({
  imports: [PersistenceModule.repositories(CampaignShareLinkEntity)],
  providers: [{ provide: SHARE_LINK_DIRECTORY, useClass: ShareLinkTable }],
  exports: [SHARE_LINK_DIRECTORY],
})
export class ShareLinkDirectoryModule {}
