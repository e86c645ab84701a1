import { DataSource } from 'typeorm';
import { inTransaction } from '@scriptbook/platform';
import { WebhookOutboxEntity } from '@scriptbook/platform/webhooks';
import { BoardOutboxEntity, ResultEntity } from './result.entity';

interface PostgresStatements {
  /** The result alone (a defeat) and the result with its outbox row (a victory), parameters in `columns` order. */
  readonly result: string;
  readonly resultWithOutbox: string;
  readonly prepare: (row: ResultEntity) => unknown[];
  /** The same two, each with the webhook outbox's row as well, its event id and JSON after the result's parameters. */
  readonly resultWithEvent: string;
  readonly resultWithOutboxAndEvent: string;
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
  const result = data.getMetadata(ResultEntity);
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
  const events = data.getMetadata(WebhookOutboxEntity);
  const eventColumns = ['eventId', 'emitted', 'createdAt'].map((name) => `"${events.findColumnWithPropertyName(name)!.databaseName}"`).join(', ');
  const withEvent = (statement: string) =>
    `WITH stored AS (${statement} RETURNING ${column('createdAt')}) INSERT INTO ${table(events.tablePath)} (${eventColumns}) SELECT $${columns.length + 1}::varchar, $${columns.length + 2}::text, ${column('createdAt')} FROM stored`;
  const withBoardOutbox = `WITH stored AS (${insert} RETURNING ${column('id')}, ${column('createdAt')}) INSERT INTO ${table(outbox.tablePath)} (${outboxColumns}) SELECT * FROM stored`;
  built = {
    result: insert,
    resultWithOutbox: withBoardOutbox,
    resultWithEvent: withEvent(insert),
    // Data-modifying CTEs all run: the result, its board outbox row, then the event's row from the result's time.
    resultWithOutboxAndEvent: `WITH stored AS (${insert} RETURNING ${column('id')}, ${column('createdAt')}), board AS (INSERT INTO ${table(outbox.tablePath)} (${outboxColumns}) SELECT * FROM stored) INSERT INTO ${table(events.tablePath)} (${eventColumns}) SELECT $${columns.length + 1}::varchar, $${columns.length + 2}::text, ${column('createdAt')} FROM stored`,
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
 * the whole statement, outbox rows included. `event` is the webhook
 * outbox's row of the result's event, stored in the same statement.
 */
export async function storeResult(data: DataSource, row: ResultEntity, event?: WebhookOutboxEntity): Promise<void> {
  if (data.options.type !== 'postgres') {
    // SQLite has one connection: concurrent submissions' transactions take turns.
    await inTransaction(data, async (manager) => {
      await manager.getRepository(ResultEntity).insert(row);
      if (row.victory) await manager.getRepository(BoardOutboxEntity).insert({ resultId: row.id, createdAt: row.createdAt });
      if (event) await manager.getRepository(WebhookOutboxEntity).insert(event);
    });
    return;
  }
  const sql = postgresStatements(data);
  if (!event) {
    await data.query(row.victory ? sql.resultWithOutbox : sql.result, sql.prepare(row));
    return;
  }
  await data.query(row.victory ? sql.resultWithOutboxAndEvent : sql.resultWithEvent, [...sql.prepare(row), event.eventId, event.emitted]);
}
