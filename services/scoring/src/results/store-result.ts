import { DataSource } from 'typeorm';
import { inTransaction } from '@scriptbook/platform';
import { BoardOutboxEntity, ZoneSurvivalResultEntity } from './zone-survival-result.entity';

interface PostgresStatements {
  /** The result alone (a defeat) and the result with its outbox row (a victory), parameters in `columns` order. */
  readonly result: string;
  readonly resultWithOutbox: string;
  readonly prepare: (row: ZoneSurvivalResultEntity) => unknown[];
}

const statements = new WeakMap<DataSource, PostgresStatements>();

/**
 * Written once per data source from the entity's metadata, so column names
 * and value conversions stay the entity's, and a submission does not pay for
 * TypeORM building the same INSERT again.
 */
function postgresStatements(data: DataSource): PostgresStatements {
  let built = statements.get(data);
  if (built) return built;
  const result = data.getMetadata(ZoneSurvivalResultEntity);
  const outbox = data.getMetadata(BoardOutboxEntity);
  const columns = result.columns;
  const table = (path: string) =>
    path
      .split('.')
      .map((part) => `"${part}"`)
      .join('.');
  const column = (name: string) => `"${result.findColumnWithPropertyName(name)!.databaseName}"`;
  const insert = `INSERT INTO ${table(result.tablePath)} (${columns.map((c) => `"${c.databaseName}"`).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
  const outboxColumns = ['resultId', 'createdAt'].map((name) => `"${outbox.findColumnWithPropertyName(name)!.databaseName}"`).join(', ');
  built = {
    result: insert,
    resultWithOutbox: `WITH stored AS (${insert} RETURNING ${column('id')}, ${column('createdAt')}) INSERT INTO ${table(outbox.tablePath)} (${outboxColumns}) SELECT * FROM stored`,
    prepare: (row) => columns.map((c) => data.driver.preparePersistentValue(c.getEntityValue(row), c)),
  };
  statements.set(data, built);
  return built;
}

/**
 * Stores a result and, for a victory, its outbox row, atomically. On
 * Postgres that is one statement (the result's INSERT in a CTE feeding the
 * outbox's), so a submission costs one round trip where BEGIN, two INSERTs
 * and COMMIT cost four; SQLite has no INSERT in a CTE and takes a
 * transaction, serialized with the service's other SQLite writes.
 * A unique violation (a retry, or a second go at a daily challenge) rejects
 * the whole statement, outbox row included.
 */
export async function storeResult(data: DataSource, row: ZoneSurvivalResultEntity): Promise<void> {
  if (data.options.type !== 'postgres') {
    // SQLite has one connection: concurrent submissions' transactions take turns.
    await inTransaction(data, async (manager) => {
      await manager.getRepository(ZoneSurvivalResultEntity).insert(row);
      if (row.victory) await manager.getRepository(BoardOutboxEntity).insert({ resultId: row.id, createdAt: row.createdAt });
    });
    return;
  }
  const sql = postgresStatements(data);
  await data.query(row.victory ? sql.resultWithOutbox : sql.result, sql.prepare(row));
}
