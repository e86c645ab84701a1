import { Injectable } from '@nestjs/common';
import { AuthenticatedPlayer, NotFoundError } from '@scriptbook/platform';
import { MembershipReader } from '@scriptbook/platform/membership';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignStore } from '../store/campaign-store';
import { CampaignReadCache } from './campaign-read-cache';

/**
 * Who may see or change a campaign: the members of the group that owns it.
 * Anyone else is told it does not exist, the same answer as for an id that was
 * never used, so ids cannot be probed. Every query, mutation and `_entities`
 * reference decides with this one rule, checked against the membership read
 * model on each request, so a player who leaves the group loses access at once.
 */
/** The one answer of a single-id lookup: the campaign, or its NOT_FOUND thrown. */
function onlyOrThrow([found]: (CampaignEntity | Error)[]): CampaignEntity {
  if (found instanceof Error) throw found;
  return found;
}

@Injectable()
export class CampaignAccess {
  constructor(
    /** Rows read for every access decision (straight, or on a read-cache miss). */
    private readonly campaigns: CampaignStore,
    private readonly membership: MembershipReader,
    private readonly readCache: CampaignReadCache,
  ) {}

  async require(id: string, viewer: AuthenticatedPlayer, field = 'id'): Promise<CampaignEntity> {
    return onlyOrThrow(await this.visible([id], viewer, field));
  }

  /**
   * The same rule for a campaign row already read, e.g. under the row lock a
   * push takes: NOT_FOUND naming `field` unless the viewer is a member of its
   * group. Membership comes from the in-process cache of the read model
   * (Redis on a miss; none at all for a personal group).
   */
  async check(campaign: { readonly id: string; readonly groupId: string }, viewer: AuthenticatedPlayer, field = 'id'): Promise<void> {
    if (!(await this.mayRead(campaign, viewer))) throw new NotFoundError('Campaign', campaign.id, field);
  }

  /** A member of the group, or the holder of a share link of this very campaign (only where the field took share links). */
  private mayRead(campaign: { readonly id: string; readonly groupId: string }, viewer: AuthenticatedPlayer): Promise<boolean> {
    if (viewer.shareLink) return Promise.resolve(viewer.shareLink.campaignId === campaign.id);
    return this.membership.isMember(campaign.groupId, viewer.playerId);
  }

  /** One answer per id, in order: the campaign as the database holds it now, or the NOT_FOUND error for that id. */
  async visible(ids: readonly string[], viewer: AuthenticatedPlayer, field = 'id'): Promise<(CampaignEntity | Error)[]> {
    return this.decide(ids, await this.campaigns.find(ids), viewer, field);
  }

  /**
   * `visible` for answers that only show a campaign (`campaign(id)`, `Campaign`
   * references): rows may come from this replica's read cache, never older
   * than the last change it has heard of. Membership is checked each time.
   */
  async visibleToRead(ids: readonly string[], viewer: AuthenticatedPlayer, field = 'id'): Promise<(CampaignEntity | Error)[]> {
    return this.decide(ids, await this.readCache.read(ids, (missing) => this.campaigns.find(missing)), viewer, field);
  }

  async requireToRead(id: string, viewer: AuthenticatedPlayer, field = 'id'): Promise<CampaignEntity> {
    return onlyOrThrow(await this.visibleToRead([id], viewer, field));
  }

  private async decide(ids: readonly string[], rows: readonly CampaignEntity[], viewer: AuthenticatedPlayer, field: string): Promise<(CampaignEntity | Error)[]> {
    const byId = new Map(rows.map((row) => [row.id, row]));
    const memberOf = new Map<string, boolean>();
    if (!viewer.shareLink) for (const groupId of new Set(rows.map((row) => row.groupId))) memberOf.set(groupId, await this.membership.isMember(groupId, viewer.playerId));
    const readable = (row: CampaignEntity) => (viewer.shareLink ? viewer.shareLink.campaignId === row.id : memberOf.get(row.groupId));
    return ids.map((id) => {
      const row = byId.get(id);
      // A deleted campaign is gone for every reader until it is restored.
      return row && row.deletedAt === null && readable(row) ? row : new NotFoundError('Campaign', id, field);
    });
  }
}
