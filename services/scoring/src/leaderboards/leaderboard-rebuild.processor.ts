import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, BaseConfig, InjectRepository, QueueProcessor, REDIS_CLIENT } from '@scriptbook/platform';
import { Job } from 'bullmq';
import Redis from 'ioredis';
import { MoreThan, Repository } from 'typeorm';
import { GameResultEntity } from '../results/game-result.entity';
import { allTimeLeaderboardKey } from './leaderboard-keys';
import { leaderboardRebuildQueue, LeaderboardRebuildPayload } from './leaderboard-rebuild.queue';

const BATCH_SIZE = 500;

export interface LeaderboardRebuildOutcome {
  readonly gameId: string;
  readonly results: number;
  readonly players: number;
}

/**
 * Builds the sorted set into a scratch key and swaps it in with RENAME, so
 * readers never see a half-built board and a retried job simply starts over:
 * running it twice gives the same board.
 */
@Injectable()
export class LeaderboardRebuildProcessor extends QueueProcessor<LeaderboardRebuildPayload> {
  constructor(
    @InjectRepository(GameResultEntity) private readonly results: Repository<GameResultEntity>,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly settings: BaseConfig,
  ) {
    super(leaderboardRebuildQueue);
  }

  protected async handle(payload: LeaderboardRebuildPayload, job: Job): Promise<LeaderboardRebuildOutcome> {
    const key = allTimeLeaderboardKey(this.settings.REDIS_PREFIX, payload.gameId);
    const scratch = `${key}:rebuild:${job.id}`;
    const total = await this.results.countBy({ gameId: payload.gameId });
    await this.redis.del(scratch);
    await job.updateProgress(0);

    let processed = 0;
    let lastId = '';
    for (;;) {
      const batch = await this.results.find({
        where: { gameId: payload.gameId, id: MoreThan(lastId) },
        order: { id: 'ASC' },
        take: BATCH_SIZE,
      });
      if (batch.length === 0) break;
      // A player's best score is their leaderboard entry.
      const pipeline = this.redis.pipeline();
      for (const result of batch) pipeline.zadd(scratch, 'GT', result.score, result.playerId);
      await pipeline.exec();
      processed += batch.length;
      lastId = batch[batch.length - 1].id;
      await job.updateProgress(Math.min(99, Math.floor((processed / Math.max(total, 1)) * 100)));
    }

    const players = await this.redis.zcard(scratch);
    if (players > 0) await this.redis.rename(scratch, key);
    else await this.redis.del(key);
    await job.updateProgress(100);
    return { gameId: payload.gameId, results: processed, players };
  }
}
