import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, closeRedis, createRedisClient, InjectQueue, queueConnection, queuePrefix, QueueProcessor, REDIS_CLIENT, type RedisClient, TypedQueue } from '@scriptbook/platform';
import { Job, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ScoredGame, ScoredGames } from '../games/scored-games';
import { dropRetiredBoards, stopRetiredSchedules } from '../migrations/retired-redis-layout';
import { BoardOutbox } from '../outbox/board-outbox';
import { rescoreAll } from '../results/rescore-all';
import { ResultEntity } from '../results/result.entity';
import { ScoringWorkerConfig } from '../scoring.config';
import { boardJobOf, BoardJobPayload, boardJobsQueue } from './board-jobs.queue';
import { BOARD_PERIODS, periodTag } from './board-periods';
import { rebuildBoards } from './board-rebuild';
import { BoardStore } from './board-store';

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
export class BoardJobsProcessor extends QueueProcessor<BoardJobPayload> implements OnApplicationBootstrap {
  private readonly boards = new Map<string, BoardStore>();
  private readonly outbox: BoardOutbox;

  constructor(
    private readonly data: DataSource,
    private readonly games: ScoredGames,
    @Inject(REDIS_CLIENT) redis: RedisClient,
    @Inject(APP_CONFIG) private readonly settings: ScoringWorkerConfig,
    @InjectQueue(boardJobsQueue) private readonly queue: TypedQueue<BoardJobPayload>,
  ) {
    super(boardJobsQueue);
    for (const game of games.all()) this.boards.set(game.id, new BoardStore(redis, settings.REDIS_PREFIX, game.layout));
    this.outbox = new BoardOutbox(data, (gameId) => this.boards.get(gameId) ?? null);
  }

  /**
   * One schedule per job for every worker replica: BullMQ keeps a single
   * scheduler per id. A game with stored victories whose boards have no
   * live generation gets a rebuild from the stored results: the first start
   * in this key layout (its boards read empty until the rebuild is done), a
   * Redis that lost the boards, or boards only ever written live (their
   * readers keep them until the switch).
   */
  async onApplicationBootstrap(): Promise<void> {
    const opts = { removeOnComplete: true, removeOnFail: 100 };
    await this.queue.queue.upsertJobScheduler(
      'outbox-sweep',
      { every: this.settings.SCORING_OUTBOX_SWEEP_MS },
      { name: 'outbox-sweep', data: { kind: 'outbox-sweep', gameId: null, requestedBy: null }, opts },
    );
    await this.queue.queue.upsertJobScheduler('season-rollover', { every: HOUR_MS }, { name: 'season-rollover', data: { kind: 'season-rollover', gameId: null, requestedBy: null }, opts });
    for (const game of this.games.all()) {
      if (await this.boards.get(game.id)!.hasLiveGeneration()) continue;
      if (!(await this.data.getRepository(ResultEntity).existsBy({ gameId: game.id, victory: true }))) continue;
      const job = boardJobOf(game, 'rebuild', null);
      await this.queue.add(job.name, job.data, { jobId: randomUUID(), deduplication: { id: job.slot } });
    }
    const retired = queueConnection(this.settings, 'scoring-retired-schedules', false);
    try {
      await stopRetiredSchedules((name) => new Queue(name, { connection: retired.connection, prefix: queuePrefix(this.settings, name) }));
    } finally {
      await retired.release();
    }
  }

  protected async handle(payload: BoardJobPayload, job: Job): Promise<unknown> {
    switch (payload.kind) {
      case 'outbox-sweep':
        return { delivered: await this.outbox.drain(OUTBOX_GRACE_MS) };
      case 'season-rollover': {
        const now = new Date();
        const current = BOARD_PERIODS.map((period) => periodTag(period, now));
        const games = payload.gameId === null ? this.games.all() : [this.games.get(payload.gameId)];
        let dropped = 0;
        for (const game of games) dropped += await this.boards.get(game.id)!.dropPeriodsExcept(current);
        await job.updateProgress(100);
        return { kept: current, droppedKeys: dropped };
      }
      case 'rescore': {
        const game = this.games.get(payload.gameId!);
        // Scoring is most of the work; the rebuild that follows takes the last fifth.
        const rescored = await rescoreAll(this.data, game, (fraction) => job.updateProgress(Math.floor(fraction * 80)));
        const rebuilt = await this.rebuild(game, (percent) => job.updateProgress(80 + Math.floor(percent / 5)));
        return { ...rescored, ...rebuilt };
      }
      case 'rebuild':
        return this.rebuild(this.games.get(payload.gameId!), (percent) => job.updateProgress(percent));
    }
  }

  private async rebuild(game: ScoredGame, progress: (percent: number) => Promise<void>): Promise<{ results: number; retiredKeys: number }> {
    const redis = createRedisClient({ ...this.settings, REDIS_COMMAND_TIMEOUT_MS: REBUILD_COMMAND_TIMEOUT_MS }, 'scoring-board-rebuild');
    try {
      const rebuilt = await rebuildBoards(this.data, new BoardStore(redis, this.settings.REDIS_PREFIX, game.layout), progress);
      return { ...rebuilt, retiredKeys: await dropRetiredBoards(redis, this.settings.REDIS_PREFIX) };
    } finally {
      await closeRedis(redis);
    }
  }
}
