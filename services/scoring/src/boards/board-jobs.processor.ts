import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, createRedisClient, InjectQueue, QueueProcessor, REDIS_CLIENT, TypedQueue } from '@scriptbook/platform';
import { Job } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { BoardOutbox } from '../outbox/board-outbox';
import { rescoreAll } from '../results/rescore-all';
import { ScoringWorkerConfig } from '../scoring.config';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { BOARD_PERIODS, periodTag } from './board-periods';
import { rebuildBoards } from './board-rebuild';
import { BoardStore } from './board-store';
import { ZsBoardJobPayload, zsBoardJobsQueue } from './board-jobs.queue';

/** Rows younger than this are most likely being delivered by the API that wrote them. */
const OUTBOX_GRACE_MS = 5_000;
const HOUR_MS = 3600 * 1000;
/**
 * A rebuild sends pipelines of tens of thousands of entries, which on a busy
 * Redis can take longer than the shared client's command timeout, there to
 * fail a request fast: it gets a connection of its own with a long timeout.
 */
const REBUILD_COMMAND_TIMEOUT_MS = 120_000;

@Injectable()
export class BoardJobsProcessor extends QueueProcessor<ZsBoardJobPayload> implements OnApplicationBootstrap {
  private readonly boards: BoardStore;
  private readonly outbox: BoardOutbox;

  constructor(
    private readonly data: DataSource,
    private readonly rules: ZoneSurvivalRules,
    @Inject(REDIS_CLIENT) redis: Redis,
    @Inject(APP_CONFIG) private readonly settings: ScoringWorkerConfig,
    @InjectQueue(zsBoardJobsQueue) private readonly queue: TypedQueue<ZsBoardJobPayload>,
  ) {
    super(zsBoardJobsQueue);
    this.boards = new BoardStore(redis, settings.REDIS_PREFIX);
    this.outbox = new BoardOutbox(data, this.boards);
  }

  /** One schedule per job for every worker replica: BullMQ keeps a single scheduler per id. */
  async onApplicationBootstrap(): Promise<void> {
    const opts = { removeOnComplete: true, removeOnFail: 100 };
    await this.queue.queue.upsertJobScheduler(
      'zs-outbox-sweep',
      { every: this.settings.SCORING_OUTBOX_SWEEP_MS },
      { name: 'outbox-sweep', data: { kind: 'outbox-sweep', requestedBy: null }, opts },
    );
    await this.queue.queue.upsertJobScheduler('zs-season-rollover', { every: HOUR_MS }, { name: 'season-rollover', data: { kind: 'season-rollover', requestedBy: null }, opts });
  }

  protected async handle(payload: ZsBoardJobPayload, job: Job): Promise<unknown> {
    switch (payload.kind) {
      case 'outbox-sweep':
        return { delivered: await this.outbox.drain(OUTBOX_GRACE_MS) };
      case 'season-rollover': {
        const now = new Date();
        const current = BOARD_PERIODS.map((period) => periodTag(period, now));
        const dropped = await this.boards.dropPeriodsExcept(current);
        await job.updateProgress(100);
        return { kept: current, droppedKeys: dropped };
      }
      case 'rescore': {
        // Scoring is most of the work; the rebuild that follows takes the last fifth.
        const rescored = await rescoreAll(this.data, this.rules, (fraction) => job.updateProgress(Math.floor(fraction * 80)));
        const rebuilt = await this.rebuild((percent) => job.updateProgress(80 + Math.floor(percent / 5)));
        return { ...rescored, ...rebuilt };
      }
      case 'rebuild':
        return this.rebuild((percent) => job.updateProgress(percent));
    }
  }

  private async rebuild(progress: (percent: number) => Promise<void>): Promise<{ results: number }> {
    const redis = createRedisClient({ REDIS_URL: this.settings.REDIS_URL, REDIS_COMMAND_TIMEOUT_MS: REBUILD_COMMAND_TIMEOUT_MS }, 'scoring-board-rebuild');
    try {
      return await rebuildBoards(this.data, new BoardStore(redis, this.settings.REDIS_PREFIX), progress);
    } finally {
      await redis.quit().catch(() => redis.disconnect());
    }
  }
}
