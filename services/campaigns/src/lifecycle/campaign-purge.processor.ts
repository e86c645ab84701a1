import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, InjectQueue, QueueProcessor, REDIS_CLIENT, type RedisClient, TypedQueue } from '@scriptbook/platform';
import type { CampaignsWorkerConfig } from '../campaigns.config';
import { CampaignSnapshotPayload, campaignSnapshotQueue } from '../snapshots/campaign-snapshot.queue';
import { CampaignLifecycleStore } from '../store/campaign-lifecycle-store';
import { CAMPAIGN_PURGE_EVERY_MS, CAMPAIGN_PURGE_SCHEDULER, CampaignPurgePayload, campaignPurgeQueue, DAY_MS } from './campaign-purge.queue';
import { SnapshotJobsOfCampaign } from './snapshot-jobs-of-campaign';

export interface CampaignPurgeOutcome {
  /** Campaigns removed in this run. Counts only: a finished job stays in Redis a while, and must not keep the ids it removed. */
  readonly purged: number;
  readonly changes: number;
}

/**
 * The purge of deleted campaigns past their days: every row (the campaign,
 * its log, snapshots, devices' progress, rejections) and every Redis key (its
 * snapshot jobs) goes. Each campaign is claimed first, so it can no longer be
 * restored; then its Redis keys go, then its log in batches, then the rest
 * and its row last in one transaction. A worker killed anywhere in between
 * leaves the row claimed, and the next run (the job retried once its lock
 * lapses, or the next sweep) finds it and carries on; every step is a delete,
 * so doing one again does no harm.
 */
@Injectable()
export class CampaignPurgeProcessor extends QueueProcessor<CampaignPurgePayload> implements OnApplicationBootstrap {
  private readonly snapshotJobs: SnapshotJobsOfCampaign;

  constructor(
    private readonly lifecycle: CampaignLifecycleStore,
    @InjectQueue(campaignPurgeQueue) private readonly queue: TypedQueue<CampaignPurgePayload>,
    @InjectQueue(campaignSnapshotQueue) snapshots: TypedQueue<CampaignSnapshotPayload>,
    @Inject(REDIS_CLIENT) redis: RedisClient,
    @Inject(APP_CONFIG) private readonly settings: CampaignsWorkerConfig,
  ) {
    super(campaignPurgeQueue, { lockDurationMs: settings.CAMPAIGN_PURGE_JOB_LOCK_MS, stalledIntervalMs: settings.CAMPAIGN_PURGE_JOB_LOCK_MS });
    this.snapshotJobs = new SnapshotJobsOfCampaign(snapshots.queue, redis);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.queue.upsertJobScheduler(
      CAMPAIGN_PURGE_SCHEDULER,
      { every: CAMPAIGN_PURGE_EVERY_MS },
      { name: CAMPAIGN_PURGE_SCHEDULER, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  protected async handle(): Promise<CampaignPurgeOutcome> {
    const now = Date.now();
    const claimed = await this.lifecycle.claimForPurge(now - this.settings.CAMPAIGN_PURGE_AFTER_DAYS * DAY_MS, now);
    let purged = 0;
    let changes = 0;
    for (const campaignId of claimed) {
      await this.snapshotJobs.remove(campaignId);
      for (let removed = -1; removed !== 0; ) {
        removed = await this.lifecycle.purgeChanges(campaignId, this.settings.CAMPAIGN_PURGE_BATCH_SIZE);
        changes += removed;
      }
      if (await this.lifecycle.purgeRest(campaignId)) purged += 1;
    }
    if (purged > 0) this.logger.info({ purged, changes }, 'deleted campaigns purged');
    return { purged, changes };
  }
}
