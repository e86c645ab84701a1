import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { BaseConfig } from '../config/config';
import { SQLITE_BUSY_TIMEOUT_MS, takeWriteLockAtBegin } from './sqlite-locking';

export interface PersistenceDefinition {
  /** The owning service; it names its Postgres schema and its SQLite file. */
  readonly service: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly migrations: MixedList<Function | string>;
  /**
   * Workers share their service's database but leave migrations to the API
   * process (or `npm run migrate`), so two processes never race to apply them.
   */
  readonly runMigrations?: boolean;
}

type PersistenceConfig = Pick<BaseConfig, 'DATABASE_URL' | 'DATABASE_SCHEMA' | 'SQLITE_DIR'> & {
  /** How long a SQLite statement waits for another process's write lock; `SQLITE_BUSY_TIMEOUT_MS` unless given. */
  readonly SQLITE_BUSY_TIMEOUT_MS?: number;
};

/**
 * Postgres when DATABASE_URL is set, each service in its own schema;
 * otherwise an embedded SQLite file per service under SQLITE_DIR. Schema
 * changes come only from checked-in migrations: `synchronize` stays off.
 */
export function dataSourceOptions(config: PersistenceConfig, definition: PersistenceDefinition): DataSourceOptions {
  const common = {
    entities: definition.entities,
    migrations: definition.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
  } as const;
  if (config.DATABASE_URL) {
    const schema = config.DATABASE_SCHEMA ?? definition.service;
    return {
      ...common,
      type: 'postgres',
      url: config.DATABASE_URL,
      schema,
      applicationName: `scriptbook-${definition.service}`,
      // search_path too, so the service's own raw SQL sees only its schema.
      extra: { max: 10, options: `-c search_path=${schema}` },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: join(resolve(config.SQLITE_DIR), `${definition.service}.sqlite`),
    enableWAL: true,
    // Other processes (the worker, a migration run) hold the write lock briefly; better-sqlite3 sets it as the busy timeout.
    timeout: config.SQLITE_BUSY_TIMEOUT_MS ?? SQLITE_BUSY_TIMEOUT_MS,
  };
}

/** Creates what the database needs before TypeORM can connect to it. */
async function prepareStorage(options: DataSourceOptions): Promise<void> {
  if (options.type === 'postgres') {
    const client = new Client({ connectionString: options.url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    } catch (error) {
      // Replicas starting together race on IF NOT EXISTS; losing that race is fine.
      const code = (error as { code?: string }).code;
      if (code !== '23505' && code !== '42P06') throw error;
    } finally {
      await client.end();
    }
  } else if (options.type === 'better-sqlite3') {
    const folder = resolve(options.database, '..');
    mkdirSync(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
    chmodSync(folder, OWNER_ONLY_FOLDER);
    // Created here, owner-only, before SQLite opens it: SQLite gives its -wal and -shm files the database file's mode.
    closeSync(openSync(options.database, 'a', OWNER_ONLY_FILE));
    keepOwnerOnly(options.database);
  }
}

// The folder also holds development-secrets.json; the files hold every player's campaigns and results.
const OWNER_ONLY_FOLDER = 0o700;
const OWNER_ONLY_FILE = 0o600;

/**
 * A SQLite database and its -wal and -shm files readable by their owner
 * only, whatever the process umask was when they were made: an existing
 * file keeps its mode when opened, so it is set every time.
 */
function keepOwnerOnly(database: string): void {
  for (const file of [database, `${database}-wal`, `${database}-shm`]) {
    if (existsSync(file)) chmodSync(file, OWNER_ONLY_FILE);
  }
}

/**
 * Applies pending migrations, each in its own transaction. On Postgres an
 * advisory lock serialises replicas that start together; the second one
 * finds nothing left to do.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const options = dataSource.options;
  if (options.type !== 'postgres') return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  const lockKey = `scriptbook-migrations:${options.schema}`;
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await runner.release();
  }
}

/** Connects, and applies pending migrations unless told not to. */
export async function openDataSource(options: DataSourceOptions, runMigrations = true): Promise<DataSource> {
  await prepareStorage(options);
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  if (options.type === 'better-sqlite3') {
    takeWriteLockAtBegin(dataSource);
    keepOwnerOnly(options.database);
  }
  if (runMigrations) await migrate(dataSource);
  return dataSource;
}
