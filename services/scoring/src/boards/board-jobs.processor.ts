import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, InjectQueue, QueueProcessor, REDIS_CLIENT, TypedQueue } from '@scriptbook/platform';
import { Job } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { BoardOutbox } from '../outbox/board-outbox';
import { ScoringWorkerConfig } from '../scoring.config';
import { rebuildBoards } from './board-rebuild';
import { BoardStore } from './board-store';
import { ZsBoardJobPayload, zsBoardJobsQueue } from './board-jobs.queue';

/** Rows younger than this are most likely being delivered by the API that wrote them. */
const OUTBOX_GRACE_MS = 5_000;

@Injectable()
export class BoardJobsProcessor extends QueueProcessor<ZsBoardJobPayload> implements OnApplicationBootstrap {
  private readonly boards: BoardStore;
  private readonly outbox: BoardOutbox;

  constructor(
    private readonly data: DataSource,
    @Inject(REDIS_CLIENT) redis: Redis,
    @Inject(APP_CONFIG) private readonly settings: ScoringWorkerConfig,
    @InjectQueue(zsBoardJobsQueue) private readonly queue: TypedQueue<ZsBoardJobPayload>,
  ) {
    super(zsBoardJobsQueue);
    this.boards = new BoardStore(redis, settings.REDIS_PREFIX);
    this.outbox = new BoardOutbox(data, this.boards);
  }

  /** One schedule for every worker replica: BullMQ keeps a single scheduler per id. */
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.queue.upsertJobScheduler(
      'zs-outbox-sweep',
      { every: this.settings.SCORING_OUTBOX_SWEEP_MS },
      { name: 'outbox-sweep', data: { kind: 'outbox-sweep', requestedBy: null }, opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  protected async handle(payload: ZsBoardJobPayload, job: Job): Promise<unknown> {
    if (payload.kind === 'outbox-sweep') return { delivered: await this.outbox.drain(OUTBOX_GRACE_MS) };
    return rebuildBoards(this.data, this.boards, (percent) => job.updateProgress(percent));
  }
}
