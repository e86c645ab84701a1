import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { BaseConfig, ConfigError } from '../config/config';
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

type PersistenceConfig = Pick<BaseConfig, 'DATABASE_URL' | 'DATABASE_SCHEMA' | 'SQLITE_DIR'> &
  Partial<Pick<BaseConfig, 'DATABASE_POOLER' | 'DATABASE_MIGRATION_URL'>> & {
    /** How long a SQLite statement waits for another process's write lock; `SQLITE_BUSY_TIMEOUT_MS` unless given. */
    readonly SQLITE_BUSY_TIMEOUT_MS?: number;
  };

/** Where a service's schema changes (CREATE SCHEMA, migrations) connect, kept beside TypeORM's own options. */
export interface SchemaChangeRoute {
  /** The owning service, named in a configuration error. */
  readonly service: string;
  /**
   * Postgres itself: DATABASE_MIGRATION_URL, or DATABASE_URL when that is
   * not a transaction pooler. Unset behind a transaction pooler without
   * DATABASE_MIGRATION_URL, where such a process cannot migrate.
   */
  readonly migrationUrl?: string;
}

/** TypeORM's options plus the route above; a spread copy keeps it. */
export type PlatformDataSourceOptions = DataSourceOptions & { readonly schemaChanges?: SchemaChangeRoute };

type PostgresOptions = Extract<DataSourceOptions, { type: 'postgres' }> & { readonly schemaChanges?: SchemaChangeRoute };

const searchPath = (schema: string) => `-c search_path=${schema}`;

/**
 * Postgres when DATABASE_URL is set, each service in its own schema;
 * otherwise an embedded SQLite file per service under SQLITE_DIR. Schema
 * changes come only from checked-in migrations: `synchronize` stays off.
 *
 * With DATABASE_POOLER=transaction, DATABASE_URL is a transaction pooler
 * (PgBouncer) and schema changes go to DATABASE_MIGRATION_URL instead.
 */
export function dataSourceOptions(config: PersistenceConfig, definition: PersistenceDefinition): PlatformDataSourceOptions {
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
    const pooled = config.DATABASE_POOLER === 'transaction';
    return {
      ...common,
      type: 'postgres',
      url: config.DATABASE_URL,
      schema,
      applicationName: `scriptbook-${definition.service}`,
      // search_path too, so the service's own raw SQL sees only its schema.
      // Behind a transaction pooler nothing is sent: PgBouncer refuses an
      // `options` startup parameter, and its server connections are shared
      // between clients, so no session setting of ours would stay put. There
      // the pooler's database entry for the service sets it (`connect_query`).
      extra: pooled ? { max: 10 } : { max: 10, options: searchPath(schema) },
      schemaChanges: {
        service: definition.service,
        migrationUrl: config.DATABASE_MIGRATION_URL ?? (pooled ? undefined : config.DATABASE_URL),
      },
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

/**
 * Postgres itself, for the connections that change a schema, or undefined
 * when there is none (behind a transaction pooler without
 * DATABASE_MIGRATION_URL). Options built by hand, without a route, are
 * taken to be on Postgres itself already.
 */
function migrationUrlOf(options: PostgresOptions): string | undefined {
  return options.schemaChanges ? options.schemaChanges.migrationUrl : options.url;
}

/** Refuses, as configuration, to migrate when there is no direct way to Postgres. */
function requireMigrationRoute(options: PostgresOptions): void {
  const route = options.schemaChanges;
  if (route && !route.migrationUrl) {
    throw new ConfigError(route.service, [
      'DATABASE_MIGRATION_URL: required with DATABASE_POOLER=transaction in a process that applies migrations ' +
        '(a postgres:// URL of the database server itself, not of the pooler)',
    ]);
  }
}

/** Creates what the database needs before TypeORM can connect to it. */
async function prepareStorage(options: PlatformDataSourceOptions): Promise<void> {
  if (options.type === 'postgres') {
    // Straight to Postgres, like migrations. A process that does not migrate
    // and has no such URL (a worker behind the pooler) leaves it to the one
    // that migrates, which it needs to have run first anyway.
    const url = migrationUrlOf(options);
    if (!url) return;
    const client = new Client({ connectionString: url });
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
 *
 * On Postgres they run on a short-lived data source of their own, straight
 * to the server (DATABASE_MIGRATION_URL, or DATABASE_URL without a pooler),
 * whatever the service's own pool goes through. The lock belongs to a
 * session: through a transaction pooler it would be taken on one server
 * connection and released, maybe, on another, leaving the first locked for
 * whichever client got it next. One path for both cases keeps migrating the
 * same with and without a pooler.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const options = dataSource.options as PlatformDataSourceOptions;
  if (options.type !== 'postgres') return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  requireMigrationRoute(options);
  const url = migrationUrlOf(options);
  const migrator = new DataSource({
    ...options,
    ...(url ? { url } : {}),
    applicationName: `${options.applicationName ?? 'scriptbook'}-migrate`,
    // One connection holds the lock, one runs the migrations. On Postgres
    // itself the search_path can be a startup parameter again, so raw SQL in
    // a migration lands in the service's schema.
    extra: { ...options.extra, max: 2, ...(options.schema ? { options: searchPath(options.schema) } : {}) },
  });
  await migrator.initialize();
  try {
    const lockKey = `scriptbook-migrations:${options.schema}`;
    const runner = migrator.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
      return (await migrator.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
      await runner.release();
    }
  } finally {
    await migrator.destroy();
  }
}

/** Connects, and applies pending migrations unless told not to. */
export async function openDataSource(options: PlatformDataSourceOptions, runMigrations = true): Promise<DataSource> {
  // Before anything connects, so the process stops with a configuration error.
  if (runMigrations && options.type === 'postgres') requireMigrationRoute(options);
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
