import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, NotFoundError, REDIS_CLIENT } from '@scriptbook/platform';
import { BoardStore } from '../boards/board-store';
import { RankedResult } from '../boards/board-keys';
import { ScoringConfig } from '../scoring.config';
import { toRanked, toResult } from './result-mapping';
import { ZoneSurvivalResultEntity } from './zone-survival-result.entity';
import { ZoneSurvivalResult } from './zone-survival-result.model';

@Injectable()
export class ModerationService {
  private readonly boards: BoardStore;

  constructor(
    private readonly data: DataSource,
    @Inject(REDIS_CLIENT) redis: Redis,
    @Inject(APP_CONFIG) config: ScoringConfig,
  ) {
    this.boards = new BoardStore(redis, config.REDIS_PREFIX);
  }

  /** Hides or shows a result; the player's entries are then recomputed from their visible results, so their next best takes its place. */
  async setHidden(id: string, hidden: boolean, now = new Date()): Promise<ZoneSurvivalResult> {
    const repository = this.data.getRepository(ZoneSurvivalResultEntity);
    const row = await repository.findOneBy({ id });
    if (!row) throw new NotFoundError('Result', id, 'id');
    if ((row.hiddenAt !== null) !== hidden) {
      row.hiddenAt = hidden ? now : null;
      await repository.update({ id }, { hiddenAt: row.hiddenAt });
    }
    await refreshPlayerBoards(this.data, this.boards, row.playerId);
    return toResult(row);
  }
}

/** Puts a player's entries on every board back in line with Postgres. */
export async function refreshPlayerBoards(data: DataSource, boards: BoardStore, playerId: string): Promise<void> {
  const rows = await data.getRepository(ZoneSurvivalResultEntity).findBy({ playerId, victory: true });
  const visible = rows.map(toRanked).filter((r): r is RankedResult => r !== null);
  const touched = rows.filter((r) => r.score !== null).map((r) => toRanked({ ...r, hiddenAt: null })!);
  await boards.replacePlayer(playerId, visible, touched);
}
