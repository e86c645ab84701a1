import { DataSource, MoreThan } from 'typeorm';
import { ScoredGame } from '../games/scored-games';
import { ResultEntity } from './result.entity';

const RESCORE_BATCH = 1_000;

export interface RescoreOutcome {
  readonly examined: number;
  readonly changed: number;
  /** Results that no longer score under the current rules and content; they keep their score and version. */
  readonly unscorable: number;
}

/**
 * Scores again every result of a game whose score version is not the
 * current one. Run again, it finds nothing stale and changes nothing.
 */
export async function rescoreAll(data: DataSource, game: ScoredGame, progress: (fraction: number) => Promise<void>): Promise<RescoreOutcome> {
  const repository = data.getRepository(ResultEntity);
  const total = await repository.countBy({ gameId: game.id });
  let examined = 0;
  let changed = 0;
  let unscorable = 0;
  let lastId = '';
  for (;;) {
    const batch = await repository.find({ where: { gameId: game.id, id: MoreThan(lastId) }, order: { id: 'ASC' }, take: RESCORE_BATCH });
    if (batch.length === 0) break;
    for (const row of batch) {
      if (row.scoreVersion === game.scoreVersion) continue;
      const next = game.rules.rescore(JSON.parse(row.input));
      if (!next) {
        unscorable += 1;
        continue;
      }
      const breakdown = next.breakdown === null ? null : JSON.stringify(next.breakdown);
      await repository.update({ id: row.id }, { victory: next.victory, score: next.score, verified: next.verified, breakdown, scoreVersion: game.scoreVersion });
      if (next.score !== row.score || next.verified !== row.verified || next.victory !== row.victory) changed += 1;
    }
    examined += batch.length;
    lastId = batch[batch.length - 1].id;
    await progress(examined / Math.max(total, 1));
  }
  return { examined, changed, unscorable };
}
