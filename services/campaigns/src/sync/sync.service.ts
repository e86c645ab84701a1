import { Inject, Injectable } from '@nestjs/common';
import { ActionRejection, LoggedChange, planUndo, StateChange } from '@scriptbook/campaign-model';
import {
  APP_CONFIG,
  AuthenticatedPlayer,
  BadUserInputError,
  ConflictError,
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  InjectQueue,
  LOGGER,
  NotFoundError,
  pageSize,
  toConnection,
  TypedQueue,
} from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { CampaignChangePublisher } from '../announcements/campaign-change-publisher';
import type { CampaignsConfig } from '../campaigns.config';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignModels } from '../campaigns/campaign-models';
import { refuseArchived, refuseUndoOfLifecycle } from '../lifecycle/lifecycle-changes';
import { campaignSnapshotQueue, CampaignSnapshotPayload, snapshotDue, snapshotJobId } from '../snapshots/campaign-snapshot.queue';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignStore, PushDecision } from '../store/campaign-store';
import { PushTarget } from '../store/push-statements';
import { changesCursor, checkRejectionClients, PullArgs, startOfPull } from './pull-args';
import { applyPush, checkPushShape, PushedAction } from './push-batch';
import { rejectionsKept, rejectionsKeptSince } from './rejection-retention';
import { rejectionError } from './rejection-error';
import { CampaignChange, CampaignChanges, PushResult } from './sync.model';

export const MAX_CHANGES_PER_PULL = 500;

/**
 * A pull from a version the campaign has not reached. An empty page would
 * read as "nothing new" and the device would keep a state the server never
 * had (restored from another server's backup, or a different campaign's
 * version): it must start again from `campaign(id)`.
 */
export class DeviceAheadError extends ConflictError {
  constructor(sinceVersion: number, version: number, field: 'sinceVersion' | 'after' = 'sinceVersion') {
    super(
      `${field === 'after' ? `The cursor's version ${sinceVersion}` : `sinceVersion ${sinceVersion}`} is ahead of the campaign, which is at version ${version}: ` +
        "this device's copy is not one the server holds. Read campaign(id) { version stateJson } again, replace the local copy and pull from that version.",
      { field, rule: 'ahead-of-campaign' },
    );
  }
}

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
    private readonly store: CampaignStore,
    private readonly models: CampaignModels,
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
   * campaign row is unchanged since the read. Otherwise, and always on
   * SQLite, the push runs in a transaction that first locks the campaign
   * row (the store's `push`). The access check uses the row read either
   * way, so it costs no read of its own; a refused caller writes nothing.
   *
   * READ COMMITTED (the default) is enough for the locked path: every push
   * and undo of a campaign updates its row under the row lock, so they run
   * one after another, and each sees the newest state, version and client
   * seq, those the previous writer committed (see `lockForPush`). Nothing it
   * decides on can change under it, so SERIALIZABLE would only add retries.
   */
  async push(viewer: AuthenticatedPlayer, campaignId: string, clientId: string, actions: readonly PushedAction[]): Promise<PushResult> {
    checkPushShape(clientId, actions);
    const handled = await this.store.push(campaignId, clientId, (campaign) => this.decidePush(campaign, viewer, campaignId, clientId, actions));
    this.committed(campaignId, handled.fromVersion, handled.result.version);
    return handled.result;
  }

  /** Checks access and applies the batch to the campaign as read: what to write, and the answer once it is written. */
  private async decidePush(
    campaign: PushTarget | null,
    viewer: AuthenticatedPlayer,
    campaignId: string,
    clientId: string,
    actions: readonly PushedAction[],
  ): Promise<PushDecision<HandledPush>> {
    if (!campaign || campaign.deletedAt !== null) throw new NotFoundError('Campaign', campaignId, 'input.campaignId');
    await this.access.check(campaign, viewer, 'input.campaignId');
    refuseArchived(campaign, 'input.campaignId');
    const model = this.models.require(campaign.gameId, 'campaignId');
    const outcome = applyPush(model, { state: this.models.stateOf(campaign), version: campaign.version, lastSeq: campaign.lastSeq }, actions);
    const fromVersion = campaign.version;
    const now = Date.now();
    if (outcome.lastSeq === campaign.lastSeq) return { write: null, answer: { fromVersion, result: { version: fromVersion, lastSeq: outcome.lastSeq, rejected: [] } } };
    return {
      write: {
        campaignId,
        clientId,
        playerId: viewer.playerId,
        appliedAt: now,
        applied: outcome.applied,
        rejected: outcome.rejected,
        rejectionsKept: rejectionsKept(now),
        state: outcome.state,
        version: outcome.version,
        lastSeq: outcome.lastSeq,
      },
      answer: { fromVersion, result: { version: outcome.version, lastSeq: outcome.lastSeq, rejected: outcome.rejected } },
    };
  }

  /**
   * A page of changes from `sinceVersion` or from the cursor `after` (one of the two), with every device's progress and
   * the rejections of the named devices that the caller pushed. Shapes are checked before the campaign is read.
   */
  async changes(viewer: AuthenticatedPlayer, campaignId: string, pull: PullArgs): Promise<CampaignChanges> {
    const start = startOfPull(campaignId, pull);
    const limit = pull.first ?? MAX_CHANGES_PER_PULL;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHANGES_PER_PULL) {
      throw new BadUserInputError('first', 'range', `first must be 1 to ${MAX_CHANGES_PER_PULL}`);
    }
    const rejectionsFor = checkRejectionClients(pull.rejectionsFor);
    const campaign = await this.access.require(campaignId, viewer, 'campaignId');
    if (start.version > campaign.version) throw new DeviceAheadError(start.version, campaign.version, start.field);
    const rows = await this.store.changesAfter(campaignId, start.version, limit + 1);
    const clients = await this.store.clientsOf(campaignId);
    const rejected = await this.store.rejectionsOf(campaignId, viewer.playerId, rejectionsFor, rejectionsKeptSince(Date.now()));
    const changes = rows.slice(0, limit).map(toChange);
    return {
      changes,
      hasMore: rows.length > limit,
      endCursor: changesCursor(campaignId, changes.length > 0 ? changes[changes.length - 1].version : start.version),
      version: campaign.version,
      clients: clients.map(({ clientId, lastSeq }) => ({ clientId, lastSeq })),
      rejected: rejected.map(({ clientId, seq, name, code, rule, field, reason, rejectedAt }) => ({ clientId, seq, name, code, rule, field, reason, rejectedAt: new Date(rejectedAt) })),
    };
  }

  /** Newest first; the version is the cursor. */
  async history(viewer: AuthenticatedPlayer, campaignId: string, first?: number | null, after?: string | null): Promise<ConnectionShape<CampaignChange>> {
    const limit = pageSize(first);
    const afterVersion = after ? Number(decodeCursor(after, 1)[0]) : undefined;
    if (afterVersion !== undefined && !Number.isInteger(afterVersion)) throw new BadUserInputError('after', 'cursor', 'after is not a cursor this list produced');
    await this.access.require(campaignId, viewer, 'campaignId');
    const rows = await this.store.history(campaignId, afterVersion, limit + 1);
    return toConnection(rows.map(toChange), limit, (change) => encodeCursor([change.version]), afterVersion !== undefined);
  }

  async undo(viewer: AuthenticatedPlayer, campaignId: string, actionVersion: number): Promise<CampaignChange> {
    await this.access.require(campaignId, viewer, 'campaignId');
    const row = await this.store.undo(campaignId, actionVersion, ({ campaign, target, later }) => {
      if (!campaign || campaign.deletedAt !== null) throw new NotFoundError('Campaign', campaignId, 'campaignId');
      refuseArchived(campaign, 'campaignId');
      if (!target) throw new NotFoundError('Change', String(actionVersion), 'actionVersion');
      refuseUndoOfLifecycle(target);
      const model = this.models.require(campaign.gameId, 'campaignId');
      try {
        const undone = planUndo(model, this.models.stateOf(campaign), logged(target), later.map(logged));
        return { ...undone, playerId: viewer.playerId };
      } catch (error) {
        if (error instanceof ActionRejection) throw rejectionError(error);
        throw error;
      }
    });
    const change = toChange(row);
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
}

const logged = (row: CampaignChangeEntity): LoggedChange => ({ ...row, delta: row.delta as unknown as StateChange[] });
