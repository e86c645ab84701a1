import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AuthenticatedPlayer,
  BadUserInputError,
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  InjectQueue,
  LOGGER,
  NotFoundError,
  pageSize,
  parseInput,
  toConnection,
  TypedQueue,
} from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { MembershipReader } from '@scriptbook/platform/membership';
import { CampaignChangePublisher } from '../announcements/campaign-change-publisher';
import type { CampaignsConfig } from '../campaigns.config';
import { CampaignAccess } from '../campaigns/campaign-access';
import { Campaign } from '../campaigns/campaign.model';
import { CampaignsService } from '../campaigns/campaigns.service';
import { campaignSnapshotQueue, CampaignSnapshotPayload, snapshotDue, snapshotJobId } from '../snapshots/campaign-snapshot.queue';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignLifecycleStore, LifecycleOutcome, LifecycleWrite } from '../store/campaign-lifecycle-store';
import { DAY_MS } from './campaign-purge.queue';
import { LIFECYCLE_CHANGES, refuseArchived } from './lifecycle-changes';
import { DeletedCampaign, RenameCampaignInput, renameSchema, TransferCampaignInput, transferSchema } from './lifecycle.model';

/**
 * Rename, archive, unarchive, delete, restore and transfer. Each is checked
 * for the caller before anything is read for it (any member of the owning
 * group may do each; anyone else is told the campaign does not exist) and
 * checked again under the campaign's row lock, where it is logged as the next
 * version with an empty delta and announced after the commit, as a push is.
 */
@Injectable()
export class CampaignLifecycleService {
  private readonly restorableMs: number;

  constructor(
    private readonly store: CampaignLifecycleStore,
    private readonly access: CampaignAccess,
    private readonly membership: MembershipReader,
    private readonly campaigns: CampaignsService,
    private readonly publisher: CampaignChangePublisher,
    @InjectQueue(campaignSnapshotQueue) private readonly snapshotQueue: TypedQueue<CampaignSnapshotPayload>,
    @Inject(APP_CONFIG) private readonly config: CampaignsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.restorableMs = config.CAMPAIGN_PURGE_AFTER_DAYS * DAY_MS;
  }

  async rename(viewer: AuthenticatedPlayer, input: RenameCampaignInput): Promise<Campaign> {
    const { campaignId, name } = parseInput(renameSchema, input, 'input');
    return this.changeLive(viewer, campaignId, 'input.campaignId', (campaign) => {
      refuseArchived(campaign, 'input.campaignId');
      if (campaign.name === name) return null;
      return { name: LIFECYCLE_CHANGES.rename, args: { from: campaign.name, to: name }, playerId: viewer.playerId, set: { name } };
    });
  }

  archive(viewer: AuthenticatedPlayer, campaignId: string): Promise<Campaign> {
    return this.changeLive(viewer, campaignId, 'campaignId', (campaign) => {
      if (campaign.archivedAt !== null) return null;
      return { name: LIFECYCLE_CHANGES.archive, args: {}, playerId: viewer.playerId, set: { archivedAt: Date.now() } };
    });
  }

  unarchive(viewer: AuthenticatedPlayer, campaignId: string): Promise<Campaign> {
    return this.changeLive(viewer, campaignId, 'campaignId', (campaign) => {
      if (campaign.archivedAt === null) return null;
      return { name: LIFECYCLE_CHANGES.unarchive, args: {}, playerId: viewer.playerId, set: { archivedAt: null } };
    });
  }

  async transfer(viewer: AuthenticatedPlayer, input: TransferCampaignInput): Promise<Campaign> {
    const { campaignId, groupId } = parseInput(transferSchema, input, 'input');
    await this.access.require(campaignId, viewer, 'input.campaignId');
    await this.membership.requireMember(groupId, viewer.playerId, 'input.groupId');
    return this.changeLive(viewer, campaignId, 'input.campaignId', (campaign) => {
      if (campaign.groupId === groupId) throw new BadUserInputError('input.groupId', 'same-group', `Campaign ${campaignId} already belongs to group ${groupId}`);
      refuseArchived(campaign, 'input.campaignId');
      return { name: LIFECYCLE_CHANGES.transfer, args: { fromGroupId: campaign.groupId, toGroupId: groupId }, playerId: viewer.playerId, set: { groupId } };
    });
  }

  async delete(viewer: AuthenticatedPlayer, campaignId: string): Promise<DeletedCampaign> {
    const outcome = await this.changeOf(viewer, campaignId, 'campaignId', () => ({
      name: LIFECYCLE_CHANGES.delete,
      args: {},
      playerId: viewer.playerId,
      set: { deletedAt: Date.now(), deletedBy: viewer.playerId },
    }));
    return this.toDeleted(outcome.campaign);
  }

  /**
   * Brings a deleted campaign back as it was (archived again if it was). Allowed to the members of its group while
   * it is restorable; one already restored is answered as it is, so a retried restore is harmless.
   */
  async restore(viewer: AuthenticatedPlayer, campaignId: string): Promise<Campaign> {
    const outcome = await this.store.change(campaignId, async (campaign) => {
      if (!campaign || campaign.purgeStartedAt !== null || !(await this.membership.isMember(campaign.groupId, viewer.playerId))) {
        throw new NotFoundError('Campaign', campaignId, 'campaignId');
      }
      if (campaign.deletedAt === null) return null;
      if (Date.now() > campaign.deletedAt + this.restorableMs) {
        throw new NotFoundError('Campaign', campaignId, 'campaignId');
      }
      return { name: LIFECYCLE_CHANGES.restore, args: {}, playerId: viewer.playerId, set: { deletedAt: null, deletedBy: null } };
    });
    this.committed(outcome, false);
    return this.campaigns.toCampaign(outcome.campaign);
  }

  /** The group's deleted campaigns that may still be restored, newest first; members only (NOT_FOUND on `groupId` otherwise). */
  async deletedOfGroup(viewer: AuthenticatedPlayer, groupId: string, first?: number | null, after?: string | null): Promise<ConnectionShape<DeletedCampaign>> {
    const limit = pageSize(first);
    const afterId = after ? String(decodeCursor(after, 1)[0]) : undefined;
    await this.membership.requireMember(groupId, viewer.playerId, 'groupId');
    const rows = await this.store.deletedOfGroup(groupId, Date.now() - this.restorableMs, afterId, limit + 1);
    return toConnection(
      rows.map((row) => this.toDeleted(row)),
      limit,
      (deleted) => encodeCursor([deleted.id]),
      afterId !== undefined,
    );
  }

  private toDeleted(row: CampaignEntity): DeletedCampaign {
    return {
      id: row.id,
      name: row.name,
      gameId: row.gameId,
      groupId: row.groupId,
      deletedAt: new Date(row.deletedAt!),
      deletedBy: { id: row.deletedBy! },
      restorableUntil: new Date(row.deletedAt! + this.restorableMs),
      archived: row.archivedAt !== null,
    };
  }

  private async changeLive(
    viewer: AuthenticatedPlayer,
    campaignId: string,
    field: string,
    decide: (campaign: CampaignEntity) => LifecycleWrite | null,
  ): Promise<Campaign> {
    return this.campaigns.toCampaign((await this.changeOf(viewer, campaignId, field, decide)).campaign);
  }

  /**
   * A change to a campaign that is not deleted: refused before any lock for a caller who cannot see it, and under
   * the lock again, where a transfer or a delete since may have moved it out of the caller's reach.
   */
  private async changeOf(
    viewer: AuthenticatedPlayer,
    campaignId: string,
    field: string,
    decide: (campaign: CampaignEntity) => LifecycleWrite | null,
  ): Promise<LifecycleOutcome> {
    await this.access.require(campaignId, viewer, field);
    let written: LifecycleWrite | null = null;
    const outcome = await this.store.change(campaignId, async (campaign) => {
      if (!campaign || campaign.deletedAt !== null) throw new NotFoundError('Campaign', campaignId, field);
      await this.access.check(campaign, viewer, field);
      written = decide(campaign);
      return written;
    });
    const name = (written as LifecycleWrite | null)?.name;
    this.committed(outcome, name === LIFECYCLE_CHANGES.delete || name === LIFECYCLE_CHANGES.transfer);
    return outcome;
  }

  /**
   * After a commit, as a push does: announce it (every replica's read cache drops the row, live followers hear the
   * version) and queue a snapshot when one is due. `recheck` asks live followers' replicas to check again who may
   * follow: after a delete or a transfer, some may no longer.
   */
  private committed({ campaign, fromVersion }: LifecycleOutcome, recheck: boolean): void {
    if (campaign.version <= fromVersion) return;
    this.publisher.changed({ campaignId: campaign.id, fromVersion, version: campaign.version, ...(recheck ? { recheckAccess: true } : {}) });
    const due = snapshotDue(fromVersion, campaign.version, this.config.CAMPAIGN_SNAPSHOT_EVERY);
    if (due === null) return;
    const payload = { campaignId: campaign.id, version: due };
    this.snapshotQueue.add('snapshot', payload, { jobId: snapshotJobId(payload) }).catch((error: unknown) => {
      this.logger.warn({ err: error, ...payload }, 'campaign snapshot not queued; the next one due covers it');
    });
  }
}
