import { Injectable } from '@nestjs/common';
import { AuthenticatedPlayer, ConflictError, inTransaction, NotFoundError, parseInput, plainText, shareLinkPrincipal, shareLinkToken, timeOrderedId, TokenService } from '@scriptbook/platform';
import { DataSource, IsNull } from 'typeorm';
import { z } from 'zod';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignShareLinkEntity } from './campaign-share-link.entity';
import { hashOfSecret, newShareLinkSecret } from './share-link-secrets';
import { CampaignShareLink, CreatedCampaignShareLink } from './share-links.model';

/** Links that work at once per campaign: enough for every screen at a table, and a bound on what one member can hand out unnoticed. */
export const MAX_WORKING_LINKS = 20;

const createSchema = z.object({ campaignId: z.string().min(1).max(64), label: plainText({ maxLength: 80 }).nullish() });

const toLink = (row: CampaignShareLinkEntity): CampaignShareLink => ({
  id: row.id,
  campaignId: row.campaignId,
  label: row.label,
  createdBy: { id: row.createdBy },
  createdAt: new Date(row.createdAt),
  revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt),
  revokedBy: row.revokedBy === null ? null : { id: row.revokedBy },
});

/**
 * Making, listing and revoking a campaign's read-only share links, each for
 * the members of its group only (CampaignAccess, so a former member or a
 * stranger gets the NOT_FOUND an unknown id gets). The token's secret is
 * returned once and kept as its SHA-256; reading with it is decided in
 * TokenService against this table (share-link-directory.module.ts).
 */
@Injectable()
export class ShareLinksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CampaignAccess,
    private readonly tokens: TokenService,
  ) {}

  async create(player: AuthenticatedPlayer, input: { campaignId: string; label?: string | null }): Promise<CreatedCampaignShareLink> {
    const valid = parseInput(createSchema, input);
    const campaign = await this.access.require(valid.campaignId, player, 'input.campaignId');
    const links = this.dataSource.getRepository(CampaignShareLinkEntity);
    if ((await links.countBy({ campaignId: campaign.id, revokedAt: IsNull() })) >= MAX_WORKING_LINKS) {
      throw new ConflictError(`The campaign has ${MAX_WORKING_LINKS} share links that work: revoke one first`, { field: 'input.campaignId', rule: 'share-link-limit' });
    }
    const secret = newShareLinkSecret();
    const row: CampaignShareLinkEntity = {
      id: timeOrderedId(),
      campaignId: campaign.id,
      secretHash: hashOfSecret(secret),
      label: valid.label ?? null,
      createdBy: player.playerId,
      createdAt: Date.now(),
      revokedAt: null,
      revokedBy: null,
    };
    await links.insert(row);
    return { link: toLink(row), token: shareLinkToken({ linkId: row.id, secret }) };
  }

  /** Every link of the campaign, working and revoked, newest first. */
  async list(player: AuthenticatedPlayer, campaignId: string): Promise<CampaignShareLink[]> {
    await this.access.require(campaignId, player, 'campaignId');
    const rows = await this.dataSource.getRepository(CampaignShareLinkEntity).find({ where: { campaignId }, order: { id: 'DESC' } });
    return rows.map(toLink);
  }

  /**
   * Revokes a link: its row is marked and its principal's revocation written
   * and published (as a signed-out session's) in the same transaction, before
   * it commits, so if Redis refuses nothing is revoked and the caller hears
   * of it. From the commit on, its token is refused on every replica (each
   * request reads the row), and its live streams end when the replica serving
   * them hears the revocation. A link revoked already is answered as it is.
   */
  async revoke(player: AuthenticatedPlayer, linkId: string): Promise<CampaignShareLink> {
    const links = this.dataSource.getRepository(CampaignShareLinkEntity);
    const link = typeof linkId === 'string' && linkId.length <= 64 ? await links.findOneBy({ id: linkId }) : null;
    if (!link) throw new NotFoundError('Share link', linkId, 'id');
    try {
      await this.access.require(link.campaignId, player, 'id');
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError('Share link', linkId, 'id');
      throw error;
    }
    if (link.revokedAt !== null) return toLink(link);
    const revoked = await inTransaction(this.dataSource, async (manager) => {
      const now = Date.now();
      const result = await manager.update(CampaignShareLinkEntity, { id: linkId, revokedAt: IsNull() }, { revokedAt: now, revokedBy: player.playerId });
      if (result.affected) await this.tokens.revokeSessions([shareLinkPrincipal(linkId)]);
      return manager.findOneByOrFail(CampaignShareLinkEntity, { id: linkId });
    });
    return toLink(revoked);
  }
}
