import { DataSource } from 'typeorm';
import { BoardOutboxEntity, ZoneSurvivalResultEntity } from './zone-survival-result.entity';

/**
 * Stores a result and, for a victory, its outbox row, atomically. On
 * Postgres that is one statement (the result's INSERT in a CTE feeding the
 * outbox's), so a submission costs one round trip where BEGIN, two INSERTs
 * and COMMIT cost four; SQLite has no INSERT in a CTE and takes a transaction.
 * A unique violation (a retry, or a second go at a daily challenge) rejects
 * the whole statement, outbox row included.
 */
export async function storeResult(data: DataSource, row: ZoneSurvivalResultEntity): Promise<void> {
  if (data.options.type !== 'postgres') {
    await data.transaction(async (manager) => {
      await manager.getRepository(ZoneSurvivalResultEntity).insert(row);
      if (row.victory) await manager.getRepository(BoardOutboxEntity).insert({ resultId: row.id, createdAt: row.createdAt });
    });
    return;
  }
  // TypeORM writes the INSERT, so column names and value conversions stay the entity's.
  const [insert, parameters] = data.getRepository(ZoneSurvivalResultEntity).createQueryBuilder().insert().values(row).returning(['id', 'createdAt']).getQueryAndParameters();
  if (!row.victory) {
    await data.query(insert, parameters);
    return;
  }
  const outbox = data.getMetadata(BoardOutboxEntity).tablePath;
  await data.query(`WITH stored AS (${insert}) INSERT INTO ${quotePath(outbox)} (result_id, created_at) SELECT id, created_at FROM stored`, parameters);
}

const quotePath = (path: string) =>
  path
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
