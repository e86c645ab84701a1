import type { DataSource, QueryRunner } from 'typeorm';
import { DomainError, ErrorCode } from '../errors/domain-errors';

/**
 * How long a statement waits for another process's write lock (the
 * snapshot worker's, a migration's) before SQLite gives up. better-sqlite3
 * waits synchronously, so the process does nothing else meanwhile: long
 * enough to outlast any write this platform makes, short enough that a stuck
 * writer is reported rather than hidden.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/** What a client is told to wait before trying again when the lock was not granted in time. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Another process held SQLite's write lock for longer than the busy timeout.
 * The transaction never began, or was rolled back: nothing was written.
 */
export class DatabaseBusyError extends DomainError {
  constructor() {
    super(
      ErrorCode.SERVICE_UNAVAILABLE,
      `The database is busy with another writer and nothing was written; retry in ${DATABASE_BUSY_RETRY_AFTER_SECONDS} s`,
      { retryAfter: DATABASE_BUSY_RETRY_AFTER_SECONDS },
    );
  }
}

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, ...), and SQLITE_LOCKED, as better-sqlite3 reports them. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown; driverError?: { code?: unknown } } | null)?.driverError?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

type Runner = QueryRunner & { transactionDepth: number; isTransactionActive: boolean };

/**
 * Makes every transaction on a better-sqlite3 data source take the write
 * lock when it begins, and turns lock contention that outlasted the busy
 * timeout into `DatabaseBusyError`.
 *
 * TypeORM begins with a plain (deferred) `BEGIN`: a transaction that reads
 * first holds a read snapshot, and if another process commits before its
 * first write, SQLite cannot upgrade it and answers SQLITE_BUSY_SNAPSHOT at
 * once, without waiting, because waiting could not help. `BEGIN IMMEDIATE`
 * waits for the write lock up front (the busy timeout applies), so a
 * transaction either gets it or never starts. better-sqlite3 gives TypeORM
 * one connection and one query runner, so wrapping that runner covers every
 * statement and transaction of the data source.
 */
export function takeWriteLockAtBegin(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const runner = dataSource.driver.createQueryRunner('master') as Runner;
  const query = runner.query.bind(runner) as (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;
  runner.query = (async (sql: string, parameters?: unknown[], structured?: boolean) => {
    try {
      return await query(sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql, parameters, structured);
    } catch (error) {
      if (isSqliteBusy(error)) throw new DatabaseBusyError();
      throw error;
    }
  }) as QueryRunner['query'];
  const startTransaction = runner.startTransaction.bind(runner);
  runner.startTransaction = async (isolationLevel) => {
    try {
      await startTransaction(isolationLevel);
    } catch (error) {
      // TypeORM marks the runner in a transaction before BEGIN runs; one that never began must not look open to later writes.
      if (runner.transactionDepth === 0) runner.isTransactionActive = false;
      throw error;
    }
  };
}
