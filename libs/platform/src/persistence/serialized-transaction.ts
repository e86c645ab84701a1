import type { DataSource, EntityManager } from 'typeorm';

const queues = new WeakMap<DataSource, Promise<unknown>>();

/**
 * `dataSource.transaction(work)`, safe under concurrent requests on SQLite too.
 * better-sqlite3 gives TypeORM one connection, so a second request's
 * transaction would begin inside the first one's ("cannot start a
 * transaction within a transaction"), and a write made outside any
 * transaction while one is open would share its fate. On SQLite, writes
 * therefore go through here and run one at a time; Postgres runs them side by
 * side on its pool.
 */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource.transaction(work);
  const previous = queues.get(dataSource) ?? Promise.resolve();
  const run = previous.then(() => dataSource.transaction(work));
  queues.set(
    dataSource,
    run.catch(() => undefined),
  );
  return run;
}
