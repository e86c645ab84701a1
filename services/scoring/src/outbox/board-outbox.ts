import { DataSource, EntityManager, In, LessThan } from 'typeorm';
import { inTransaction } from '@scriptbook/platform';
import { RankedResult } from '../boards/board-keys';
import { BoardStore } from '../boards/board-store';
import { toRanked } from '../results/result-mapping';
import { BoardOutboxEntity, ResultEntity } from '../results/result.entity';
import { WriteBatcher } from './write-batcher';

const DRAIN_BATCH = 500;

/**
 * Board entries that may not have reached Redis. A row is written in the
 * result's own transaction and deleted once the entries are in, so a crash
 * between the commit and Redis leaves the row behind for the worker's sweep.
 * Applying an entry twice changes nothing, so draining may overlap with the
 * API's own write.
 */
export class BoardOutbox {
  /** Concurrent submissions of a game share one Redis call for their entries, and all of them one DELETE for their rows. */
  private readonly entries = new Map<string, WriteBatcher<RankedResult>>();
  private readonly cleared: WriteBatcher<string>;

  constructor(
    private readonly data: DataSource,
    /** The boards of a game; null for a game no longer scored, whose rows are cleared without entries. */
    private readonly boardsOf: (gameId: string) => BoardStore | null,
  ) {
    this.cleared = new WriteBatcher((ids) => this.clear(ids));
  }

  /**
   * The API's path: the result is in hand, so nothing is read back. The
   * answer waits for the entries (a player sees their result on the boards
   * as soon as it is acknowledged) but not for the row's removal, which
   * joins other submissions' in one DELETE; should that fail or the process
   * die first, the sweep applies the entries again, which changes nothing,
   * and clears the row.
   */
  async deliverStored(gameId: string, result: RankedResult): Promise<void> {
    await this.batcherOf(gameId).add(result);
    this.cleared.add(result.id).catch(() => undefined);
  }

  /** Applies the listed results' entries and clears their rows. */
  async deliver(resultIds: readonly string[]): Promise<void> {
    if (resultIds.length === 0) return;
    const rows = await this.data.getRepository(ResultEntity).findBy({ id: In([...resultIds]) });
    const byGame = new Map<string, RankedResult[]>();
    for (const row of rows) {
      const ranked = toRanked(row);
      if (!ranked) continue;
      byGame.set(row.gameId, [...(byGame.get(row.gameId) ?? []), ranked]);
    }
    for (const [gameId, results] of byGame) await this.boardsOf(gameId)?.apply(results);
    await this.clear(resultIds);
  }

  /** Delivers every row older than `olderThanMs`; younger ones are most likely in the API's hands. Returns how many. */
  async drain(olderThanMs: number, now = Date.now()): Promise<number> {
    const outbox = this.data.getRepository(BoardOutboxEntity);
    let delivered = 0;
    for (;;) {
      const rows = await outbox.find({ where: { createdAt: LessThan(new Date(now - olderThanMs)) }, order: { createdAt: 'ASC' }, take: DRAIN_BATCH });
      if (rows.length === 0) return delivered;
      await this.deliver(rows.map((r) => r.resultId));
      delivered += rows.length;
    }
  }

  private batcherOf(gameId: string): WriteBatcher<RankedResult> {
    let batcher = this.entries.get(gameId);
    if (!batcher) {
      const boards = this.boardsOf(gameId);
      if (!boards) throw new Error(`${gameId} keeps no boards`);
      this.entries.set(gameId, (batcher = new WriteBatcher((results) => boards.apply(results))));
    }
    return batcher;
  }

  private async clear(resultIds: readonly string[]): Promise<void> {
    const remove = (manager: EntityManager) => manager.getRepository(BoardOutboxEntity).delete({ resultId: In([...resultIds]) });
    // Postgres runs the DELETE alone, without BEGIN and COMMIT; on SQLite's one connection every write takes its turn.
    if (this.data.options.type === 'postgres') await remove(this.data.manager);
    else await inTransaction(this.data, remove);
  }
}
