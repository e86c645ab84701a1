import { Inject, Injectable } from '@nestjs/common';
import { ActionRejection, planRevert, RevertBlocked } from '@scriptbook/campaign-model';
import { REVERT_ENTRY } from '@scriptbook/campaign-model/files';
import { APP_CONFIG, AuthenticatedPlayer, ConflictError, DomainError, ErrorCode, ErrorDetails, inTransaction, InjectQueue, LOGGER, NotFoundError, TypedQueue } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { Between, DataSource, EntityManager, In, IsNull, LessThanOrEqual, MoreThan, Not } from 'typeorm';
import { CampaignChangePublisher } from '../announcements/campaign-change-publisher';
import type { CampaignsConfig } from '../campaigns.config';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignModels } from '../campaigns/campaign-models';
import { LIFECYCLE_CHANGES, refuseArchived } from '../lifecycle/lifecycle-changes';
import { campaignSnapshotQueue, CampaignSnapshotPayload, snapshotDue, snapshotJobId } from '../snapshots/campaign-snapshot.queue';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignStateAt } from './campaign-state-at';
import { CampaignAtVersion } from './time-travel.model';
import { aheadOfCampaign, checkVersionShape, VERSION_FIELD } from './versions';

const LIFECYCLE_NAMES = Object.values(LIFECYCLE_CHANGES);

/**
 * Time travel and revert. Reading the state at a version costs a bounded
 * replay (campaign-state-at.ts); a revert is one compensating change, the
 * difference from the current state to the state at the version, written
 * under the campaign's row lock like an undo, so no push or undo comes
 * between its reads and its write.
 */
@Injectable()
export class TimeTravelService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CampaignAccess,
    private readonly models: CampaignModels,
    private readonly stateAt: CampaignStateAt,
    private readonly publisher: CampaignChangePublisher,
    @InjectQueue(campaignSnapshotQueue) private readonly snapshotQueue: TypedQueue<CampaignSnapshotPayload>,
    @Inject(APP_CONFIG) private readonly config: CampaignsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** For a member, or a share link's holder of this campaign (CampaignAccess decides both). */
  async campaignAt(reader: AuthenticatedPlayer, campaignId: string, version: number): Promise<CampaignAtVersion> {
    checkVersionShape(version);
    const campaign = await this.access.require(campaignId, reader, 'campaignId');
    if (version > campaign.version) throw aheadOfCampaign(version, campaign.version);
    const at = await this.stateAt.read(this.dataSource, { id: campaign.id, version: campaign.version, state: this.models.stateOf(campaign) }, version);
    return {
      campaignId,
      gameId: campaign.gameId,
      version,
      currentVersion: campaign.version,
      stateJson: at.state,
      replayedFromVersion: at.replay.fromVersion,
      replayedChanges: at.replay.changes,
    };
  }

  /** Records one change taking the campaign back to its state at `version`; every change after it shows the revert in `undoneByVersion`. */
  async revert(player: AuthenticatedPlayer, campaignId: string, version: number): Promise<CampaignChangeEntity> {
    checkVersionShape(version);
    const row = await inTransaction(this.dataSource, async (manager) => {
      const campaign = await lockCampaign(manager, campaignId);
      if (!campaign || campaign.deletedAt !== null) throw new NotFoundError('Campaign', campaignId, 'campaignId');
      await this.access.check(campaign, player, 'campaignId');
      refuseArchived(campaign, 'campaignId');
      if (version > campaign.version) throw aheadOfCampaign(version, campaign.version);
      if (version === campaign.version) {
        throw new ConflictError(`The campaign is at version ${version} already: nothing after it to revert`, { field: VERSION_FIELD, rule: 'nothing-to-revert' });
      }
      const model = this.models.require(campaign.gameId, 'campaignId');
      const permanent = (model.neverUndone ?? []).map((entry) => entry.action);
      const later =
        permanent.length === 0
          ? []
          : await manager.find(CampaignChangeEntity, { where: { campaignId, version: MoreThan(version), name: In(permanent) }, select: { version: true, name: true } });
      const current = this.models.stateOf(campaign);
      const at = await this.stateAt.read(manager, { id: campaign.id, version: campaign.version, state: current }, version);
      const planned = plannedOrRefused(() => planRevert(model, current, at.state, version, later));
      const revertVersion = campaign.version + 1;
      const logged: CampaignChangeEntity = {
        campaignId,
        version: revertVersion,
        name: REVERT_ENTRY,
        args: { toVersion: version },
        delta: planned.delta,
        clientId: null,
        seq: null,
        playerId: player.playerId,
        appliedAt: Date.now(),
        undoesVersion: null,
        undoneByVersion: null,
      };
      await manager.insert(CampaignChangeEntity, logged);
      // What stood after `version` is taken back by this change; what was undone after `version` stands again, as it did then.
      // Lifecycle changes (a rename, an archive) are not in the state, so a revert leaves them standing.
      const actions = { campaignId, name: Not(In(LIFECYCLE_NAMES)) };
      await manager.update(CampaignChangeEntity, { ...actions, version: Between(version + 1, campaign.version), undoneByVersion: IsNull() }, { undoneByVersion: revertVersion });
      await manager.update(CampaignChangeEntity, { ...actions, version: LessThanOrEqual(version), undoneByVersion: MoreThan(version) }, { undoneByVersion: null });
      await manager.update(CampaignEntity, { id: campaignId }, { state: planned.state as object, version: revertVersion });
      return logged;
    });
    this.committed(campaignId, row.version - 1, row.version);
    return row;
  }

  /** As after a push or an undo: announce to live followers (and this replica's read cache), and queue a snapshot when one is due. */
  private committed(campaignId: string, fromVersion: number, version: number): void {
    this.publisher.changed({ campaignId, fromVersion, version });
    const due = snapshotDue(fromVersion, version, this.config.CAMPAIGN_SNAPSHOT_EVERY);
    if (due === null) return;
    const payload = { campaignId, version: due };
    this.snapshotQueue.add('snapshot', payload, { jobId: snapshotJobId(payload) }).catch((error: unknown) => {
      this.logger.warn({ err: error, ...payload }, 'campaign snapshot not queued; the next one due covers it');
    });
  }
}

function plannedOrRefused<T>(plan: () => T): T {
  try {
    return plan();
  } catch (error) {
    if (error instanceof RevertBlocked) {
      const details: ErrorDetails & { blockingVersions: readonly number[] } = { field: error.field, rule: error.rule, blockingVersions: error.versions };
      throw new DomainError(ErrorCode.CONFLICT, error.reason, details);
    }
    if (error instanceof ActionRejection) throw new DomainError(error.code as ErrorCode, error.reason, { field: error.field, rule: error.rule });
    throw error;
  }
}

async function lockCampaign(manager: EntityManager, id: string): Promise<CampaignEntity | null> {
  const query = manager.getRepository(CampaignEntity).createQueryBuilder('campaign').where('campaign.id = :id', { id });
  if (manager.connection.options.type === 'postgres') query.setLock('pessimistic_write');
  return query.getOne();
}
