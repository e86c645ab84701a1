import { Inject, Injectable } from '@nestjs/common';
import { applyChanges, inverseOf, StateChange } from '@scriptbook/campaign-model';
import { APP_CONFIG } from '@scriptbook/platform';
import { Between, DataSource, EntityManager, LessThanOrEqual, MoreThan } from 'typeorm';
import type { CampaignsConfig } from '../campaigns.config';
import { CampaignSnapshotEntity } from '../snapshots/campaign-snapshot.entity';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { planReplay, replayBound, ReplayPlan } from './replay-plan';

/** Changes read per round trip of a replay: memory stays at one page and one state, however long the replay. */
const PAGE = 500;

/** A campaign as its row stands: the stored state at its current version. */
export interface CampaignRow {
  readonly id: string;
  readonly version: number;
  readonly state: unknown;
}

/** The state at a version and how it was reached. */
export interface StateAtVersion {
  readonly version: number;
  readonly state: unknown;
  readonly replay: ReplayPlan;
  /** Snapshots this replay found missing and stored (insert-or-ignore), so the next read near them stays within the bound. */
  readonly snapshotsWritten: readonly number[];
}

/**
 * The state of a campaign at any of its versions, from the nearest stored
 * state through the logged changes between (replay-plan.ts). When the
 * replay had to go further than the bound (a snapshot the worker never
 * wrote: its job lost, or a batch that passed several multiples at once),
 * it stores each multiple of the interval it passes through, so the same
 * span costs at most the bound from then on. Reads pages of the log, never
 * all of it.
 *
 * `db` is a transaction's manager when the caller holds the campaign's row
 * lock (a revert); every row read (snapshots, changes up to the row's
 * version) is immutable in what is read here, so a plain read agrees too.
 */
@Injectable()
export class CampaignStateAt {
  private readonly every: number;

  constructor(@Inject(APP_CONFIG) config: CampaignsConfig) {
    this.every = config.CAMPAIGN_SNAPSHOT_EVERY;
  }

  /** The most changes one read replays when every snapshot due is stored. */
  get bound(): number {
    return replayBound(this.every);
  }

  async read(db: DataSource | EntityManager, campaign: CampaignRow, target: number): Promise<StateAtVersion> {
    const snapshots = db.getRepository(CampaignSnapshotEntity);
    const [below, above] = await Promise.all([
      snapshots.findOne({ where: { campaignId: campaign.id, version: LessThanOrEqual(target) }, order: { version: 'DESC' }, select: { version: true } }),
      snapshots.findOne({ where: { campaignId: campaign.id, version: MoreThan(target) }, order: { version: 'ASC' }, select: { version: true } }),
    ]);
    const replay = planReplay(target, { snapshotAtOrBelow: below?.version ?? null, snapshotAbove: above?.version ?? null, currentVersion: campaign.version });
    let state =
      replay.fromVersion === campaign.version
        ? campaign.state
        : (await snapshots.findOneOrFail({ where: { campaignId: campaign.id, version: replay.fromVersion } })).state;
    const fillGaps = replay.changes > this.bound;
    const passed: { version: number; state: unknown }[] = [];
    const changes = db.getRepository(CampaignChangeEntity);
    const forward = replay.direction === 'forward';
    // Forwards: versions fromVersion+1 .. target, ascending. Backwards: fromVersion .. target+1, descending.
    let next = forward ? replay.fromVersion + 1 : replay.fromVersion;
    const last = forward ? target : target + 1;
    while (forward ? next <= last : next >= last) {
      const [low, high] = forward ? [next, Math.min(last, next + PAGE - 1)] : [Math.max(last, next - PAGE + 1), next];
      const page = await changes.find({
        where: { campaignId: campaign.id, version: Between(low, high) },
        order: { version: forward ? 'ASC' : 'DESC' },
        select: { version: true, delta: true },
      });
      if (page.length !== high - low + 1) throw new Error(`campaign ${campaign.id} is missing logged changes between versions ${low} and ${high}`);
      for (const row of page) {
        const delta = row.delta as unknown as StateChange[];
        state = applyChanges(state, forward ? delta : inverseOf(delta));
        const reached = forward ? row.version : row.version - 1;
        if (fillGaps && reached % this.every === 0) passed.push({ version: reached, state });
      }
      next = forward ? high + 1 : low - 1;
    }
    if (passed.length > 0) {
      const takenAt = Date.now();
      const written = snapshots
        .createQueryBuilder()
        .insert()
        .values(passed.map((snapshot) => ({ campaignId: campaign.id, version: snapshot.version, state: snapshot.state as object, takenAt })))
        .orIgnore()
        .execute();
      // Inside a caller's transaction a failed write fails it, as it must; a plain read answers anyway, and the next read stores them.
      if (db instanceof DataSource) await written.catch(() => undefined);
      else await written;
    }
    return { version: target, state, replay, snapshotsWritten: passed.map((snapshot) => snapshot.version) };
  }
}
