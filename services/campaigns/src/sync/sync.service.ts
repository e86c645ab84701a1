import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AuthenticatedPlayer,
  BadUserInputError,
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  InjectQueue,
  inTransaction,
  LOGGER,
  NotFoundError,
  pageSize,
  toConnection,
  TypedQueue,
} from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { DataSource, EntityManager, LessThan, MoreThan } from 'typeorm';
import type { CampaignsConfig } from '../campaigns.app';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignChangePublisher } from '../live/campaign-change-publisher';
import { campaignSnapshotQueue, CampaignSnapshotPayload, snapshotDue, snapshotJobId } from '../snapshots/campaign-snapshot.queue';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { gameSystemOf, GameSystem } from '../state/game-systems';
import { StateChange } from '../state/changes';
import { CampaignChangeEntity } from './campaign-change.entity';
import { CampaignClientEntity } from './campaign-client.entity';
import { applyPush, checkPushShape, PushedAction } from './push-batch';
import { lockForPush, PushTarget, readForPush, recordPush } from './push-store';
import { CampaignChange, CampaignChanges, PushResult } from './sync.model';
import { planUndo } from './undo';

export const MAX_CHANGES_PER_PULL = 500;

/** A push's answer and the version its campaign had before it, for the announcement after the commit. */
interface HandledPush {
  readonly fromVersion: number;
  readonly result: PushResult;
}

const toChange = (row: CampaignChangeEntity): CampaignChange => ({
  version: row.version,
  name: row.name,
  args: row.args,
  delta: row.delta as unknown as CampaignChange['delta'],
  clientId: row.clientId,
  seq: row.seq,
  playerId: row.playerId,
  appliedAt: new Date(row.appliedAt),
  undoesVersion: row.undoesVersion,
  undoneByVersion: row.undoneByVersion,
});

/**
 * The push/pull protocol. Every write runs in one transaction that first
 * locks the campaign row, so pushes to one campaign apply one after another
 * on Postgres (the lock) and SQLite (one writer), and the state, the version,
 * the log and the client's seq move together or not at all.
 */
@Injectable()
export class SyncService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CampaignAccess,
    private readonly publisher: CampaignChangePublisher,
    @InjectQueue(campaignSnapshotQueue) private readonly snapshotQueue: TypedQueue<CampaignSnapshotPayload>,
    @Inject(APP_CONFIG) private readonly config: CampaignsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * On Postgres, two round trips when no other write to the campaign comes
   * between them: read the campaign and the device's seq, then write the log
   * rows, state, version and seq in one statement that applies only if the
   * campaign row is unchanged since the read (see push-store.ts). Otherwise,
   * and always on SQLite, the push runs in a transaction that first locks
   * the campaign row. The access check uses the row read either way, so it
   * costs no read of its own; a refused caller writes nothing.
   *
   * READ COMMITTED (the default) is enough for the locked path: every push
   * and undo of a campaign updates its row under the row lock, so they run
   * one after another, and each sees the newest state, version and client
   * seq, those the previous writer committed (see `lockForPush`). Nothing it
   * decides on can change under it, so SERIALIZABLE would only add retries.
   */
  async push(viewer: AuthenticatedPlayer, campaignId: string, clientId: string, actions: readonly PushedAction[]): Promise<PushResult> {
    checkPushShape(clientId, actions);
    let handled: HandledPush | null = null;
    if (this.dataSource.options.type === 'postgres') {
      handled = await this.handlePush(this.dataSource, await readForPush(this.dataSource, campaignId, clientId), viewer, campaignId, clientId, actions);
    }
    handled ??= await inTransaction(this.dataSource, async (manager) => {
      const done = await this.handlePush(manager, await lockForPush(manager, campaignId, clientId), viewer, campaignId, clientId, actions);
      // Under the row lock nothing can change the row between the read and the write.
      if (!done) throw new Error(`campaign ${campaignId} changed under its row lock`);
      return done;
    });
    this.committed(campaignId, handled.fromVersion, handled.result.version);
    return handled.result;
  }

  /**
   * Checks access, applies the batch to the campaign as read and writes the
   * outcome; null when the row changed since it was read and nothing was
   * written.
   */
  private async handlePush(
    db: EntityManager | DataSource,
    campaign: PushTarget | null,
    viewer: AuthenticatedPlayer,
    campaignId: string,
    clientId: string,
    actions: readonly PushedAction[],
  ): Promise<HandledPush | null> {
    if (!campaign) throw new NotFoundError('Campaign', campaignId, 'input.campaignId');
    await this.access.check(campaign, viewer, 'input.campaignId');
    const system = this.systemOf(campaign);
    const state = campaign.state ?? system.initial(campaign.seed ?? campaign.id, null).state;
    const outcome = applyPush(system, { state, version: campaign.version, lastSeq: campaign.lastSeq }, actions);
    const fromVersion = campaign.version;
    if (outcome.lastSeq === campaign.lastSeq) return { fromVersion, result: { version: fromVersion, lastSeq: outcome.lastSeq, rejected: [] } };
    const written = await recordPush(db, campaign, {
      campaignId,
      clientId,
      playerId: viewer.playerId,
      appliedAt: Date.now(),
      applied: outcome.applied,
      state: outcome.state,
      version: outcome.version,
      lastSeq: outcome.lastSeq,
    });
    if (!written) return null;
    return { fromVersion, result: { version: outcome.version, lastSeq: outcome.lastSeq, rejected: outcome.rejected } };
  }

  async changes(viewer: AuthenticatedPlayer, campaignId: string, sinceVersion: number, first?: number | null): Promise<CampaignChanges> {
    if (!Number.isInteger(sinceVersion) || sinceVersion < 0) throw new BadUserInputError('sinceVersion', 'range', 'sinceVersion must be 0 or more');
    const limit = first ?? MAX_CHANGES_PER_PULL;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHANGES_PER_PULL) {
      throw new BadUserInputError('first', 'range', `first must be 1 to ${MAX_CHANGES_PER_PULL}`);
    }
    const campaign = await this.access.require(campaignId, viewer, 'campaignId');
    const repository = this.dataSource.getRepository(CampaignChangeEntity);
    const rows = await repository.find({ where: { campaignId, version: MoreThan(sinceVersion) }, order: { version: 'ASC' }, take: limit + 1 });
    const clients = await this.dataSource.getRepository(CampaignClientEntity).find({ where: { campaignId }, order: { clientId: 'ASC' } });
    return {
      changes: rows.slice(0, limit).map(toChange),
      hasMore: rows.length > limit,
      version: campaign.version,
      clients: clients.map(({ clientId, lastSeq }) => ({ clientId, lastSeq })),
    };
  }

  /** Newest first; the version is the cursor. */
  async history(viewer: AuthenticatedPlayer, campaignId: string, first?: number | null, after?: string | null): Promise<ConnectionShape<CampaignChange>> {
    const limit = pageSize(first);
    const afterVersion = after ? Number(decodeCursor(after, 1)[0]) : undefined;
    if (afterVersion !== undefined && !Number.isInteger(afterVersion)) throw new BadUserInputError('after', 'cursor', 'after is not a cursor this list produced');
    await this.access.require(campaignId, viewer, 'campaignId');
    const rows = await this.dataSource.getRepository(CampaignChangeEntity).find({
      where: { campaignId, ...(afterVersion !== undefined ? { version: LessThan(afterVersion) } : {}) },
      order: { version: 'DESC' },
      take: limit + 1,
    });
    return toConnection(rows.map(toChange), limit, (change) => encodeCursor([change.version]), afterVersion !== undefined);
  }

  async undo(viewer: AuthenticatedPlayer, campaignId: string, actionVersion: number): Promise<CampaignChange> {
    await this.access.require(campaignId, viewer, 'campaignId');
    const change = await inTransaction(this.dataSource, async (manager) => {
      const campaign = await this.lockCampaign(manager, campaignId);
      const system = this.systemOf(campaign);
      // Campaigns made before state existed start from the empty state of their game.
      campaign.state ??= system.initial(campaign.seed ?? campaign.id, null).state as object;
      const target = await manager.findOneBy(CampaignChangeEntity, { campaignId, version: actionVersion });
      if (!target) throw new NotFoundError('Change', String(actionVersion), 'actionVersion');
      const later = await manager.find(CampaignChangeEntity, { where: { campaignId, version: MoreThan(actionVersion) } });
      const toLogged = (row: CampaignChangeEntity) => ({ ...row, delta: row.delta as unknown as StateChange[] });
      const undone = planUndo(system.stateSchema, campaign.state, toLogged(target), later.map(toLogged));
      const version = campaign.version + 1;
      const row: CampaignChangeEntity = {
        campaignId,
        version,
        name: 'undo',
        args: { actionVersion },
        delta: undone.delta,
        clientId: null,
        seq: null,
        playerId: viewer.playerId,
        appliedAt: Date.now(),
        undoesVersion: actionVersion,
        undoneByVersion: null,
      };
      await manager.insert(CampaignChangeEntity, row);
      await manager.update(CampaignChangeEntity, { campaignId, version: actionVersion }, { undoneByVersion: version });
      await manager.update(CampaignEntity, { id: campaignId }, { state: undone.state as object, version });
      return toChange(row);
    });
    this.committed(campaignId, change.version - 1, change.version);
    return change;
  }

  /**
   * After a commit: announce it to live followers and queue a snapshot when
   * one is due. Neither can fail the write that already happened; a lost
   * announcement is caught up by followers, a lost snapshot by the next one.
   */
  private committed(campaignId: string, fromVersion: number, version: number): void {
    if (version <= fromVersion) return;
    this.publisher.changed({ campaignId, fromVersion, version });
    const due = snapshotDue(fromVersion, version, this.config.CAMPAIGN_SNAPSHOT_EVERY);
    if (due === null) return;
    const payload = { campaignId, version: due };
    this.snapshotQueue.add('snapshot', payload, { jobId: snapshotJobId(payload) }).catch((error: unknown) => {
      this.logger.warn({ err: error, ...payload }, 'campaign snapshot not queued; the next one due covers it');
    });
  }

  private async lockCampaign(manager: EntityManager, id: string): Promise<CampaignEntity> {
    const query = manager.getRepository(CampaignEntity).createQueryBuilder('campaign').where('campaign.id = :id', { id });
    if (manager.connection.options.type === 'postgres') query.setLock('pessimistic_write');
    const campaign = await query.getOne();
    if (!campaign) throw new NotFoundError('Campaign', id, 'campaignId');
    return campaign;
  }

  private systemOf(campaign: { readonly gameId: string }): GameSystem {
    const system = gameSystemOf(campaign.gameId);
    if (!system) throw new BadUserInputError('campaignId', 'campaign-game', `${campaign.gameId} has no campaign state`);
    return system;
  }
}
