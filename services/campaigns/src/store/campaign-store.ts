import { Injectable } from '@nestjs/common';
import type { StateChange } from '@scriptbook/campaign-model';
import { BadUserInputError, ConflictError, inTransaction, NotFoundError, RowsById } from '@scriptbook/platform';
import { Between, DataSource, EntityManager, In, IsNull, LessThan, MoreThan, MoreThanOrEqual } from 'typeorm';
import { CampaignSnapshotEntity } from '../snapshots/campaign-snapshot.entity';
import { CampaignChangeEntity } from './campaign-change.entity';
import { CampaignClientEntity } from './campaign-client.entity';
import { CampaignRejectionEntity } from './campaign-rejection.entity';
import { CampaignEntity } from './campaign.entity';
import { BatchOutcome, EnvelopeOpening, openEnvelopeInBatch } from './envelope-fan-out';
import { lockForPush, PushTarget, PushWrite, readForPush, recordPush } from './push-statements';
import { PushTargetCache } from './push-target-cache';
import { pruneRejections, RejectionsKept } from './rejection-statements';

/** What a push decided from the campaign as read: what to write (null when nothing is), and its answer. */
export interface PushDecision<R> {
  readonly write: (PushWrite & { readonly rejectionsKept: RejectionsKept }) | null;
  readonly answer: R;
}

/** What an undo reads under the campaign's row lock. */
export interface UndoRead {
  /** Null when no such campaign exists. */
  readonly campaign: CampaignEntity | null;
  /** The change to take back; null when the campaign has no such version. */
  readonly target: CampaignChangeEntity | null;
  /** The changes logged after it. */
  readonly later: readonly CampaignChangeEntity[];
}

/** What an undo writes: the compensating delta, the state it leads to, and who asked. */
export interface UndoWrite {
  readonly state: unknown;
  readonly delta: StateChange[];
  readonly playerId: string;
}

/** A campaign as it is first stored. */
export type NewCampaign = Pick<CampaignEntity, 'id' | 'ownerId' | 'groupId' | 'gameId' | 'name' | 'seed' | 'state' | 'setupTranscript' | 'setupProcedureId' | 'setupInput'>;

/**
 * Every statement on the rows of campaigns, their change log, their
 * devices' progress and rejections, in one place: what the domain code decides is written
 * here, and nothing else in the service reads or writes these tables. The
 * hot paths (push, the envelope fan-out) are SQL written out (see
 * push-statements.ts and envelope-fan-out.ts); the rest goes through the
 * entities.
 */
@Injectable()
export class CampaignStore {
  private readonly byId: RowsById<CampaignEntity>;

  constructor(
    private readonly dataSource: DataSource,
    /** The campaign rows this replica last read or wrote for pushes: a guess each push's conditional write confirms. */
    private readonly pushTargets: PushTargetCache,
  ) {
    this.byId = new RowsById(dataSource, CampaignEntity);
  }

  private get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  /**
   * Stores a new campaign at version 0, with its state at version 0 as the
   * first snapshot, and reads it back as stored. Time travel replays forwards
   * from it: taking changes back from a later state cannot tell a count the
   * log created (absent before) from one it moved from 0.
   */
  async insert(campaign: NewCampaign): Promise<CampaignEntity> {
    await inTransaction(this.dataSource, async (manager) => {
      await manager.insert(CampaignEntity, manager.create(CampaignEntity, { ...campaign, version: 0 }));
      if (campaign.state !== null) await manager.insert(CampaignSnapshotEntity, { campaignId: campaign.id, version: 0, state: campaign.state, takenAt: Date.now() });
    });
    return this.dataSource.getRepository(CampaignEntity).findOneByOrFail({ id: campaign.id });
  }

  /** The state a campaign was stored with at version 0, as its first snapshot holds it; null when it has none (made before state was kept). */
  async firstState(campaignId: string): Promise<unknown> {
    const first = await this.dataSource.getRepository(CampaignSnapshotEntity).findOne({ where: { campaignId, version: 0 }, select: { state: true } });
    return first?.state ?? null;
  }

  /** The campaigns of these ids that exist, in no particular order: one plain statement, no query builder. */
  find(ids: readonly string[]): Promise<CampaignEntity[]> {
    return this.byId.find(ids);
  }

  async findOne(id: string): Promise<CampaignEntity | null> {
    const [row] = await this.byId.find([id]);
    return row ?? null;
  }

  /** The campaigns of the groups before `beforeId` (ids are time-ordered), newest first; never deleted ones, archived ones only when asked. */
  pageOfGroups(groupIds: readonly string[], beforeId: string | undefined, take: number, includeArchived = false): Promise<CampaignEntity[]> {
    return this.dataSource.getRepository(CampaignEntity).find({
      where: { groupId: In([...groupIds]), deletedAt: IsNull(), ...(includeArchived ? {} : { archivedAt: IsNull() }), ...(beforeId ? { id: LessThan(beforeId) } : {}) },
      order: { id: 'DESC' },
      take,
    });
  }

  /** A campaign's version as committed now, or null when there is no such campaign. */
  async versionOf(id: string): Promise<number | null> {
    const row = await this.dataSource.getRepository(CampaignEntity).findOne({ where: { id }, select: { id: true, version: true } });
    return row?.version ?? null;
  }

  /**
   * Runs one push: `decide` gets the campaign and the device's seq as read
   * (null for no such campaign) and says what to write. On Postgres it is
   * first asked with the row this replica remembers from its last push to
   * the campaign (push-target-cache.ts), then with a plain read, and its
   * write applies only if the campaign row is still the one decided on;
   * otherwise, and always on SQLite, it is asked again in a transaction that
   * first locks the row, where the write always applies (push-statements.ts
   * says why this is the same outcome a locked push would have had).
   */
  async push<R>(campaignId: string, clientId: string, decide: (target: PushTarget | null) => Promise<PushDecision<R>>): Promise<R> {
    if (this.postgres) {
      const remembered = this.pushTargets.get(campaignId, clientId);
      if (remembered) {
        // Only a write that applies confirms a remembered row: a refusal, or an answer with nothing to write, is decided again from the database.
        const decided = await decide(remembered).catch(rethrowUnlessRefusal);
        if (decided?.write && (await this.writeIfUnchanged(remembered, decided.write))) return decided.answer;
        this.pushTargets.forget(campaignId);
      }
      const target = await readForPush(this.dataSource, campaignId, clientId);
      if (target) this.pushTargets.read(target, clientId);
      const decided = await decide(target);
      if (!decided.write) return decided.answer;
      if (await this.writeIfUnchanged(requireTarget(target, campaignId), decided.write)) return decided.answer;
      this.pushTargets.forget(campaignId);
    }
    return inTransaction(this.dataSource, async (manager) => {
      const target = await lockForPush(manager, campaignId, clientId);
      const decided = await decide(target);
      // Under the row lock nothing can change the row between the read and the write.
      if (decided.write && !(await recordPush(manager, requireTarget(target, campaignId), decided.write)).written) {
        throw new Error(`campaign ${campaignId} changed under its row lock`);
      }
      if (decided.write) await this.pruneAfter(manager, decided.write);
      return decided.answer;
    });
  }

  /** Postgres, no transaction: writes the push if the campaign row is still `target`'s, and remembers the row it leaves. */
  private async writeIfUnchanged(target: PushTarget, write: NonNullable<PushDecision<unknown>['write']>): Promise<boolean> {
    const recorded = await recordPush(this.dataSource, target, write);
    if (!recorded.written) return false;
    if (recorded.rowVersion !== null) this.pushTargets.wrote(target, write, recorded.rowVersion);
    await this.pruneAfter(this.dataSource, write);
    return true;
  }

  /** A push that stored rejections drops those past what is kept; a push without any leaves them, keeping the hot path at its statements. */
  private async pruneAfter(db: DataSource | EntityManager, write: PushDecision<unknown>['write'] & object): Promise<void> {
    if (write.rejected.length > 0) await pruneRejections(db, write.campaignId, write.clientId, write.rejectionsKept);
  }

  /** The rejections of these devices of the campaign that `playerId` pushed, rejected at `notBefore` or later, by device and seq. */
  rejectionsOf(campaignId: string, playerId: string, clientIds: readonly string[], notBefore: number): Promise<CampaignRejectionEntity[]> {
    if (clientIds.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(CampaignRejectionEntity).find({
      where: { campaignId, playerId, clientId: In([...clientIds]), rejectedAt: MoreThanOrEqual(notBefore) },
      order: { clientId: 'ASC', seq: 'ASC' },
    });
  }

  /** Drops every campaign's rejections from before `notBefore` (epoch ms); how many went. */
  async dropRejectionsBefore(notBefore: number): Promise<number> {
    const result = await this.dataSource.getRepository(CampaignRejectionEntity).delete({ rejectedAt: LessThan(notBefore) });
    return result.affected ?? 0;
  }

  /** The changes after `sinceVersion`, oldest first, at most `take`. */
  changesAfter(campaignId: string, sinceVersion: number, take: number): Promise<CampaignChangeEntity[]> {
    return this.dataSource.getRepository(CampaignChangeEntity).find({ where: { campaignId, version: MoreThan(sinceVersion) }, order: { version: 'ASC' }, take });
  }

  /** The changes before `beforeVersion` (all when undefined), newest first, at most `take`. */
  history(campaignId: string, beforeVersion: number | undefined, take: number): Promise<CampaignChangeEntity[]> {
    return this.dataSource.getRepository(CampaignChangeEntity).find({
      where: { campaignId, ...(beforeVersion !== undefined ? { version: LessThan(beforeVersion) } : {}) },
      order: { version: 'DESC' },
      take,
    });
  }

  /** The versions and deltas from `fromVersion` to `toVersion`, both included, in no particular order. */
  deltas(campaignId: string, fromVersion: number, toVersion: number): Promise<Pick<CampaignChangeEntity, 'version' | 'delta'>[]> {
    return this.dataSource
      .getRepository(CampaignChangeEntity)
      .find({ where: { campaignId, version: Between(fromVersion, toVersion) }, select: { version: true, delta: true } });
  }

  /** Every device that pushed to the campaign, with its last handled seq, by client id. */
  clientsOf(campaignId: string): Promise<CampaignClientEntity[]> {
    return this.dataSource.getRepository(CampaignClientEntity).find({ where: { campaignId }, order: { clientId: 'ASC' } });
  }

  /**
   * Takes a change back in one transaction: under the campaign's row lock,
   * `plan` reads the campaign, the change and those after it and gives the
   * compensating delta (or throws, and nothing is written); the undo is
   * logged as the next version, the change marked undone by it, and the
   * campaign's state and version moved on.
   */
  async undo(campaignId: string, actionVersion: number, plan: (read: UndoRead) => UndoWrite): Promise<CampaignChangeEntity> {
    return inTransaction(this.dataSource, async (manager) => {
      const campaign = await this.lockCampaign(manager, campaignId);
      const target = campaign ? await manager.findOneBy(CampaignChangeEntity, { campaignId, version: actionVersion }) : null;
      const later = target ? await manager.find(CampaignChangeEntity, { where: { campaignId, version: MoreThan(actionVersion) } }) : [];
      const undone = plan({ campaign, target, later });
      const version = campaign!.version + 1;
      const row: CampaignChangeEntity = {
        campaignId,
        version,
        name: 'undo',
        args: { actionVersion },
        delta: undone.delta,
        clientId: null,
        seq: null,
        playerId: undone.playerId,
        appliedAt: Date.now(),
        undoesVersion: actionVersion,
        undoneByVersion: null,
      };
      await manager.insert(CampaignChangeEntity, row);
      await manager.update(CampaignChangeEntity, { campaignId, version: actionVersion }, { undoneByVersion: version });
      await manager.update(CampaignEntity, { id: campaignId }, { state: undone.state as object, version });
      return row;
    });
  }

  /** One batch of an envelope's fan-out over a group's campaigns (envelope-fan-out.ts). */
  openEnvelopeInBatch(opening: EnvelopeOpening, afterId: string, size: number, progressDone: number): Promise<BatchOutcome> {
    return openEnvelopeInBatch(this.dataSource, opening, afterId, size, progressDone);
  }

  /**
   * Campaigns made before state was stored (state NULL) are served their
   * game's empty state; write it, so the set-based batches have a document to
   * add the envelope to. Nothing else about them changes, so no version is raised.
   */
  async storeMissingStates(groupId: string, gameId: string, emptyState: (campaign: { id: string; seed: string | null }) => unknown): Promise<number> {
    const p = this.postgres;
    const missing: { id: string; seed: string | null }[] = await this.dataSource.query(
      p ? 'SELECT id, seed FROM campaigns WHERE group_id = $1 AND game_id = $2 AND state IS NULL' : 'SELECT id, seed FROM campaigns WHERE group_id = ? AND game_id = ? AND state IS NULL',
      [groupId, gameId],
    );
    for (const campaign of missing) {
      await this.dataSource.query(p ? 'UPDATE campaigns SET state = $1 WHERE id = $2 AND state IS NULL' : 'UPDATE campaigns SET state = ? WHERE id = ? AND state IS NULL', [
        JSON.stringify(emptyState(campaign)),
        campaign.id,
      ]);
    }
    return missing.length;
  }

  /** How many campaigns of the game the group has. */
  async countCampaigns(groupId: string, gameId: string): Promise<number> {
    const [row] = await this.dataSource.query(
      this.postgres ? 'SELECT count(*)::int AS n FROM campaigns WHERE group_id = $1 AND game_id = $2' : 'SELECT count(*) AS n FROM campaigns WHERE group_id = ? AND game_id = ?',
      [groupId, gameId],
    );
    return Number(row.n);
  }

  private async lockCampaign(manager: EntityManager, id: string): Promise<CampaignEntity | null> {
    const query = manager.getRepository(CampaignEntity).createQueryBuilder('campaign').where('campaign.id = :id', { id });
    if (manager.connection.options.type === 'postgres') query.setLock('pessimistic_write');
    return query.getOne();
  }
}

/**
 * A refusal decided from a remembered row (no such campaign, archived, an
 * unknown game) may come from a row that has changed since, so the caller
 * decides again from the database; anything else (Redis unavailable for the
 * membership check, a bug) is the push's answer as it would be after a read.
 */
function rethrowUnlessRefusal(error: unknown): null {
  if (error instanceof NotFoundError || error instanceof ConflictError || error instanceof BadUserInputError) return null;
  throw error;
}

function requireTarget(target: PushTarget | null, campaignId: string): PushTarget {
  if (!target) throw new Error(`a push to campaign ${campaignId}, which does not exist, decided to write`);
  return target;
}
