import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, QueueProcessor, TypedQueue } from '@scriptbook/platform';
import { CampaignStore } from '../store/campaign-store';
import { rejectionsKeptSince } from './rejection-retention';
import { REJECTIONS_SWEEP_EVERY_MS, REJECTIONS_SWEEP_SCHEDULER, RejectionsSweepPayload, rejectionsSweepQueue } from './rejections-sweep.queue';

/**
 * The time bound of kept rejections for every campaign. A push that stores a rejection prunes its own campaign, so
 * this only finds campaigns nobody pushed a rejected action to for 30 days; reads never served those rows anyway.
 * Deleting by time is idempotent, so a sweep repeated or retried by BullMQ does no harm.
 */
@Injectable()
export class RejectionsSweepProcessor extends QueueProcessor<RejectionsSweepPayload> implements OnApplicationBootstrap {
  constructor(
    private readonly store: CampaignStore,
    @InjectQueue(rejectionsSweepQueue) private readonly queue: TypedQueue<RejectionsSweepPayload>,
  ) {
    super(rejectionsSweepQueue);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.queue.upsertJobScheduler(
      REJECTIONS_SWEEP_SCHEDULER,
      { every: REJECTIONS_SWEEP_EVERY_MS },
      { name: REJECTIONS_SWEEP_SCHEDULER, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  protected async handle(): Promise<{ deleted: number }> {
    return { deleted: await this.store.dropRejectionsBefore(rejectionsKeptSince(Date.now())) };
  }
}
