import { Injectable } from '@nestjs/common';
import { inTransaction } from '@scriptbook/platform';
import { DataSource, EntityManager, In, IsNull, LessThan, MoreThanOrEqual, Not } from 'typeorm';
import { CampaignShareLinkEntity } from '../share-links/campaign-share-link.entity';
import { CampaignSnapshotEntity } from '../snapshots/campaign-snapshot.entity';
import { CampaignChangeEntity } from './campaign-change.entity';
import { CampaignClientEntity } from './campaign-client.entity';
import { CampaignRejectionEntity } from './campaign-rejection.entity';
import { CampaignEntity } from './campaign.entity';

/** The columns a lifecycle change may set on the campaign row, beside its version. */
export type LifecycleColumns = Partial<Pick<CampaignEntity, 'name' | 'groupId' | 'archivedAt' | 'deletedAt' | 'deletedBy'>>;

/** What a lifecycle change records: its entry in the log (no delta: the state does not move) and the columns it sets. */
export interface LifecycleWrite {
  readonly name: string;
  readonly args: object;
  readonly playerId: string;
  readonly set: LifecycleColumns;
}

export interface LifecycleOutcome {
  /** The row as written; the row as read when nothing was. */
  readonly campaign: CampaignEntity;
  /** The version before; equal to the campaign's when nothing was written. */
  readonly fromVersion: number;
}

/**
 * The statements of a campaign's lifecycle: rename, archive, delete, restore
 * and transfer as changes logged under the campaign's row lock, the list of
 * deleted campaigns still restorable, and the purge that removes every row of
 * a campaign whose days are over (its log, snapshots, devices, rejections and
 * share links, and the campaign row).
 */
@Injectable()
export class CampaignLifecycleStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One lifecycle change in one transaction: `decide` gets the campaign as
   * locked (null when there is no such row) and gives what to write, or null
   * to write nothing (the change is already made), or throws and nothing is
   * written. A change is logged as the next version with an empty delta, so
   * pulls, the history and every replica's announcement carry it as they
   * carry a push, and the state devices hold stays as it is.
   */
  async change(campaignId: string, decide: (campaign: CampaignEntity | null) => Promise<LifecycleWrite | null>): Promise<LifecycleOutcome> {
    return inTransaction(this.dataSource, async (manager) => {
      const campaign = await lockCampaign(manager, campaignId);
      const write = await decide(campaign);
      if (!write || !campaign) return { campaign: campaign!, fromVersion: campaign?.version ?? 0 };
      const version = campaign.version + 1;
      await manager.insert(CampaignChangeEntity, {
        campaignId,
        version,
        name: write.name,
        args: write.args,
        delta: [],
        clientId: null,
        seq: null,
        playerId: write.playerId,
        appliedAt: Date.now(),
        undoesVersion: null,
        undoneByVersion: null,
      });
      await manager.update(CampaignEntity, { id: campaignId }, { ...write.set, version });
      return { campaign: { ...campaign, ...write.set, version }, fromVersion: campaign.version };
    });
  }

  /** The campaigns of a group deleted at `deletedSince` or later and not claimed by the purge, before `beforeId`, newest first: what a member may still restore. */
  deletedOfGroup(groupId: string, deletedSince: number, beforeId: string | undefined, take: number): Promise<CampaignEntity[]> {
    return this.dataSource.getRepository(CampaignEntity).find({
      where: { groupId, deletedAt: MoreThanOrEqual(deletedSince), purgeStartedAt: IsNull(), ...(beforeId ? { id: LessThan(beforeId) } : {}) },
      order: { id: 'DESC' },
      take,
    });
  }

  /**
   * Claims every campaign deleted at `deletedBefore` or earlier for the purge
   * (from then on it cannot be restored, as restore checks the claim under the
   * row lock), then lists every claimed one, those a killed purge left included.
   */
  async claimForPurge(deletedBefore: number, now: number): Promise<string[]> {
    const campaigns = this.dataSource.getRepository(CampaignEntity);
    await campaigns.update({ deletedAt: LessThan(deletedBefore + 1), purgeStartedAt: IsNull() }, { purgeStartedAt: now });
    const claimed = await campaigns.find({ where: { purgeStartedAt: Not(IsNull()) }, select: { id: true }, order: { id: 'ASC' } });
    return claimed.map((row) => row.id);
  }

  /**
   * Deletes up to `size` of a claimed campaign's changes, newest first, each
   * batch a statement of its own so no transaction holds a long log; how many
   * went. The log goes first and the campaign row last, so a purge cut short
   * leaves the row claimed and the next run finds it again.
   */
  async purgeChanges(campaignId: string, size: number): Promise<number> {
    const changes = this.dataSource.getRepository(CampaignChangeEntity);
    const batch = await changes.find({ where: { campaignId }, select: { version: true }, order: { version: 'DESC' }, take: size });
    if (batch.length === 0) return 0;
    await changes.delete({ campaignId, version: In(batch.map((row) => row.version)) });
    return batch.length;
  }

  /** Removes the rest of a claimed campaign, its row last, in one transaction; false when it was not claimed (or is gone). */
  async purgeRest(campaignId: string): Promise<boolean> {
    return inTransaction(this.dataSource, async (manager) => {
      const claimed = await manager.findOne(CampaignEntity, { where: { id: campaignId, purgeStartedAt: Not(IsNull()) }, select: { id: true } });
      if (!claimed) return false;
      // Each table by name, not left to the foreign keys' cascade: what goes is then written here, whatever the database enforces.
      for (const entity of [CampaignShareLinkEntity, CampaignSnapshotEntity, CampaignRejectionEntity, CampaignClientEntity, CampaignChangeEntity]) {
        await manager.delete(entity, { campaignId });
      }
      // The consents have no entity (plain statements of the files module), so by their table.
      const postgres = manager.connection.options.type === 'postgres';
      await manager.query(`DELETE FROM campaign_export_consents WHERE campaign_id = ${postgres ? '$1' : '?'}`, [campaignId]);
      await manager.delete(CampaignEntity, { id: campaignId });
      return true;
    });
  }
}

async function lockCampaign(manager: EntityManager, id: string): Promise<CampaignEntity | null> {
  const query = manager.getRepository(CampaignEntity).createQueryBuilder('campaign').where('campaign.id = :id', { id });
  if (manager.connection.options.type === 'postgres') query.setLock('pessimistic_write');
  return query.getOne();
}
