import { Injectable } from '@nestjs/common';
import { InjectRepository, QueueProcessor } from '@scriptbook/platform';
import { Job, UnrecoverableError } from 'bullmq';
import { Between, LessThan, Repository } from 'typeorm';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { StateChange } from '../state/changes';
import { CampaignChangeEntity } from '../sync/campaign-change.entity';
import { CampaignSnapshotEntity } from './campaign-snapshot.entity';
import { campaignSnapshotQueue, CampaignSnapshotPayload } from './campaign-snapshot.queue';
import { stateAt, stateFrom } from './snapshot-state';

export interface CampaignSnapshotOutcome {
  readonly campaignId: string;
  readonly version: number;
  /** false when an earlier attempt had already written it. */
  readonly written: boolean;
  /** Whether the previous snapshot rolled forward through the log agrees with it; null when there is none. */
  readonly agreesWithPrevious: boolean | null;
}

/**
 * Writes the state at a version by taking the current state back through
 * the changes made since, then checks it against the previous snapshot
 * rolled forward: the two paths through the log must meet, or the log no
 * longer explains the state and someone should look. Insert-or-ignore on
 * (campaign, version), so a retried or repeated job writes nothing twice.
 */
@Injectable()
export class CampaignSnapshotProcessor extends QueueProcessor<CampaignSnapshotPayload> {
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    @InjectRepository(CampaignChangeEntity) private readonly changes: Repository<CampaignChangeEntity>,
    @InjectRepository(CampaignSnapshotEntity) private readonly snapshots: Repository<CampaignSnapshotEntity>,
  ) {
    super(campaignSnapshotQueue);
  }

  protected async handle({ campaignId, version }: CampaignSnapshotPayload, job: Job): Promise<CampaignSnapshotOutcome> {
    if (await this.snapshots.existsBy({ campaignId, version })) return { campaignId, version, written: false, agreesWithPrevious: null };
    const campaign = await this.campaigns.findOneBy({ id: campaignId });
    if (!campaign || campaign.state === null) throw new UnrecoverableError(`campaign ${campaignId} has no state to snapshot`);
    if (campaign.version < version) throw new UnrecoverableError(`campaign ${campaignId} is at version ${campaign.version}, before ${version}`);
    // Rows up to the version read with the campaign were committed with or before it, so the two reads agree.
    const after = await this.changes.find({ where: { campaignId, version: Between(version + 1, campaign.version) }, select: { version: true, delta: true } });
    const state = stateAt(campaign.state, after.map(logged));
    await job.updateProgress(50);

    const previous = await this.snapshots.findOne({ where: { campaignId, version: LessThan(version) }, order: { version: 'DESC' } });
    let agreesWithPrevious: boolean | null = null;
    if (previous) {
      const between = await this.changes.find({ where: { campaignId, version: Between(previous.version + 1, version) }, select: { version: true, delta: true } });
      agreesWithPrevious = JSON.stringify(stateFrom(previous.state, between.map(logged))) === JSON.stringify(state);
      if (!agreesWithPrevious) this.logger.error({ campaignId, version, previous: previous.version }, 'campaign log does not explain its state between snapshots');
    }

    await this.snapshots.createQueryBuilder().insert().values({ campaignId, version, state: state as object, takenAt: Date.now() }).orIgnore().execute();
    await job.updateProgress(100);
    return { campaignId, version, written: true, agreesWithPrevious };
  }
}

const logged = (row: Pick<CampaignChangeEntity, 'version' | 'delta'>) => ({ version: row.version, delta: row.delta as unknown as StateChange[] });
