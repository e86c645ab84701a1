import { DataSource, In, LessThan } from 'typeorm';
import { BoardStore } from '../boards/board-store';
import { toRanked } from '../results/result-mapping';
import { BoardOutboxEntity, ZoneSurvivalResultEntity } from '../results/zone-survival-result.entity';

const DRAIN_BATCH = 500;

/**
 * Board entries that may not have reached Redis. A row is written in the
 * result's own transaction and deleted once the entries are in, so a crash
 * between the commit and Redis leaves the row behind for the worker's sweep.
 * Applying an entry twice changes nothing, so draining may overlap with the
 * API's own write.
 */
export class BoardOutbox {
  constructor(
    private readonly data: DataSource,
    private readonly boards: BoardStore,
  ) {}

  /** Applies the listed results' entries and clears their rows. */
  async deliver(resultIds: readonly string[]): Promise<void> {
    if (resultIds.length === 0) return;
    const rows = await this.data.getRepository(ZoneSurvivalResultEntity).findBy({ id: In([...resultIds]) });
    await this.boards.apply(rows.map(toRanked).filter((r) => r !== null));
    await this.data.getRepository(BoardOutboxEntity).delete({ resultId: In([...resultIds]) });
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
}
