import { DataSource, MoreThan } from 'typeorm';
import { gameFieldsReader, toRanked } from '../results/result-mapping';
import { ResultEntity } from '../results/result.entity';
import { RankedResult } from './board-keys';
import { BoardStore } from './board-store';

/** Results read per query: large, so the database and Redis each see few, big requests. */
export const REBUILD_BATCH = 20_000;

/** What the boards need of a stored result; the input and breakdown, most of a row, stay in the database. */
const RANKED_COLUMNS = { id: true, playerId: true, gameFields: true, victory: true, score: true, verified: true, campaignId: true, challengeId: true, hiddenAt: true, createdAt: true } as const;

/**
 * Fills a fresh generation of one game's boards from every stored result of
 * the game, then makes it live. A retried or repeated rebuild starts a new
 * generation and ends with the same boards; submissions during the run reach
 * both generations. The next batch is read while the last one is written to
 * Redis.
 */
export async function rebuildBoards(data: DataSource, boards: BoardStore, progress: (percent: number) => Promise<void>): Promise<{ results: number }> {
  const { gameId } = boards.layout;
  const repository = data.getRepository(ResultEntity);
  const total = await repository.countBy({ gameId, victory: true });
  const read = (afterId: string) => repository.find({ select: RANKED_COLUMNS, where: { gameId, victory: true, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: REBUILD_BATCH });
  const fields = gameFieldsReader();
  const gen = await boards.beginRebuild();
  await progress(0);
  let processed = 0;
  let next = read('');
  for (;;) {
    const batch = await next;
    if (batch.length === 0) break;
    next = read(batch[batch.length - 1].id);
    // Should the write fail, the read in flight must not surface as an unhandled rejection.
    next.catch(() => undefined);
    await boards.fill(
      gen,
      batch.map((row) => toRanked(row, fields)).filter((r): r is RankedResult => r !== null),
    );
    processed += batch.length;
    await progress(Math.min(99, Math.floor((processed / Math.max(total, 1)) * 100)));
  }
  await boards.finishRebuild(gen);
  await progress(100);
  return { results: processed };
}
