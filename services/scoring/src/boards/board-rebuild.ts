import { DataSource, MoreThan } from 'typeorm';
import { toRanked } from '../results/result-mapping';
import { ZoneSurvivalResultEntity } from '../results/zone-survival-result.entity';
import { BoardStore } from './board-store';

export const REBUILD_BATCH = 5_000;

/**
 * Fills a fresh generation from every stored result, then makes it live. A
 * retried or repeated rebuild starts a new generation and ends with the same
 * boards; submissions during the run reach both generations.
 */
export async function rebuildBoards(data: DataSource, boards: BoardStore, progress: (percent: number) => Promise<void>): Promise<{ results: number }> {
  const repository = data.getRepository(ZoneSurvivalResultEntity);
  const total = await repository.countBy({ victory: true });
  const gen = await boards.beginRebuild();
  await progress(0);
  let lastId = '';
  let processed = 0;
  for (;;) {
    const batch = await repository.find({ where: { victory: true, id: MoreThan(lastId) }, order: { id: 'ASC' }, take: REBUILD_BATCH });
    if (batch.length === 0) break;
    await boards.applyTo([gen], batch.map(toRanked).filter((r) => r !== null));
    processed += batch.length;
    lastId = batch[batch.length - 1].id;
    await progress(Math.min(99, Math.floor((processed / Math.max(total, 1)) * 100)));
  }
  await boards.finishRebuild(gen);
  await progress(100);
  return { results: processed };
}
