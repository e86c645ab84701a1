import { Injectable } from '@nestjs/common';
import { InjectRepository, QueueProcessor } from '@scriptbook/platform';
import { Job, UnrecoverableError } from 'bullmq';
import { LessThan, Repository } from 'typeorm';
import { StateChange } from '@scriptbook/campaign-model';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignStore } from '../store/campaign-store';
import { CampaignSnapshotEntity } from './campaign-snapshot.entity';
import { campaignSnapshotQueue, CampaignSnapshotPayload } from './campaign-snapshot.queue';
import { stateAt, statesAgree, stateFrom } from './snapshot-state';

export interface CampaignSnapshotOutcome {
  readonly campaignId: string;
  readonly version: number;
  /** false when an earlier attempt had already written it. */
  readonly written: boolean;
  /** Whether the previous snapshot rolled forward through the log agrees with it; null when there is none. */
  readonly agreesWithPrevious: boolean | null;
}

/**
 * Writes the state at a version: the previous snapshot (version 0 is kept
 * when a campaign is created) rolled forward through the log, checked
 * against the current state taken back through the changes made since; the
 * two paths through the log must meet, or the log no longer explains the
 * state and someone should look. Without a previous snapshot (a campaign
 * made before version 0 was kept) it stores the current state taken back.
 * Insert-or-ignore on (campaign, version), so a retried or repeated job
 * writes nothing twice.
 */
@Injectable()
export class CampaignSnapshotProcessor extends QueueProcessor<CampaignSnapshotPayload> {
  constructor(
    private readonly campaigns: CampaignStore,
    @InjectRepository(CampaignSnapshotEntity) private readonly snapshots: Repository<CampaignSnapshotEntity>,
  ) {
    super(campaignSnapshotQueue);
  }

  protected async handle({ campaignId, version }: CampaignSnapshotPayload, job: Job): Promise<CampaignSnapshotOutcome> {
    if (await this.snapshots.existsBy({ campaignId, version })) return { campaignId, version, written: false, agreesWithPrevious: null };
    const campaign = await this.campaigns.findOne(campaignId);
    if (!campaign || campaign.state === null) throw new UnrecoverableError(`campaign ${campaignId} has no state to snapshot`);
    if (campaign.version < version) throw new UnrecoverableError(`campaign ${campaignId} is at version ${campaign.version}, before ${version}`);
    // Rows up to the version read with the campaign were committed with or before it, so the two reads agree.
    const after = await this.campaigns.deltas(campaignId, version + 1, campaign.version);
    const back = stateAt(campaign.state, after.map(logged));
    await job.updateProgress(50);

    const previous = await this.snapshots.findOne({ where: { campaignId, version: LessThan(version) }, order: { version: 'DESC' } });
    let agreesWithPrevious: boolean | null = null;
    let state = back;
    if (previous) {
      const between = await this.campaigns.deltas(campaignId, previous.version + 1, version);
      // Stored from the previous snapshot forwards, as the changes were applied: taken back, a count a change created from nothing is left at 0.
      state = stateFrom(previous.state, between.map(logged));
      agreesWithPrevious = statesAgree(state, back);
      if (!agreesWithPrevious) this.logger.error({ campaignId, version, previous: previous.version }, 'campaign log does not explain its state between snapshots');
    }

    await this.snapshots.createQueryBuilder().insert().values({ campaignId, version, state: state as object, takenAt: Date.now() }).orIgnore().execute();
    await job.updateProgress(100);
    return { campaignId, version, written: true, agreesWithPrevious };
  }
}

const logged = (row: Pick<CampaignChangeEntity, 'version' | 'delta'>) => ({ version: row.version, delta: row.delta as unknown as StateChange[] });
