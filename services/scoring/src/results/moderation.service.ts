import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotFoundError } from '@scriptbook/platform';
import { RankedResult } from '../boards/board-keys';
import { BoardStore } from '../boards/board-store';
import { GameBoards } from '../boards/game-boards';
import { ScoredGame } from '../games/scored-games';
import { toRanked, toResult, ServedResult } from './result-mapping';
import { ResultEntity } from './result.entity';

@Injectable()
export class ModerationService {
  constructor(
    private readonly data: DataSource,
    private readonly boards: GameBoards,
  ) {}

  /** Hides or shows a result of a game; the player's entries are then recomputed from their visible results, so their next best takes its place. */
  async setHidden(game: ScoredGame, id: string, hidden: boolean, now = new Date()): Promise<ServedResult> {
    const repository = this.data.getRepository(ResultEntity);
    const row = await repository.findOneBy({ id, gameId: game.id });
    if (!row) throw new NotFoundError('Result', id, 'id');
    if ((row.hiddenAt !== null) !== hidden) {
      row.hiddenAt = hidden ? now : null;
      await repository.update({ id }, { hiddenAt: row.hiddenAt });
    }
    await refreshPlayerBoards(this.data, this.boards.of(game.id), row.playerId);
    return toResult(row);
  }
}

/** Puts a player's entries on every board of a game back in line with the stored results. */
export async function refreshPlayerBoards(data: DataSource, boards: BoardStore, playerId: string): Promise<void> {
  const rows = await data.getRepository(ResultEntity).findBy({ gameId: boards.layout.gameId, playerId, victory: true });
  const visible = rows.map((row) => toRanked(row)).filter((r): r is RankedResult => r !== null);
  const touched = rows.filter((r) => r.score !== null).map((r) => toRanked({ ...r, hiddenAt: null })!);
  await boards.replacePlayer(playerId, visible, touched);
}
