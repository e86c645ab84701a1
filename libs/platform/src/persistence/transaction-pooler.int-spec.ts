import { Module } from '@nestjs/common';
import { Client } from 'pg';
import { Column, DataSource, Entity, MigrationInterface, PrimaryColumn, QueryRunner } from 'typeorm';
import { startPgBouncer, RunningPgBouncer } from '../../../../scripts/scaled-out/pgbouncer';
import { startService } from '../bootstrap/bootstrap';
import { BaseConfig, ConfigError, loadConfig, serviceConfigSchema } from '../config/config';
import { TEST_DATABASE_URL, TEST_SECRETS, TestIsolation } from '../testing/test-environment';
import { dataSourceOptions, migrate, openDataSource, PersistenceDefinition } from './data-source-options';
import { PersistenceModule } from './persistence.module';

@Entity({ name: 'entries' })
class EntryEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Column({ type: 'varchar', length: 40 }) replica!: string;
}

/**
 * Plain SQL without a schema, as services' migrations may hold: it lands
 * wherever the migration connection's search_path points. It also notes
 * where that search_path came from: `client` is a startup parameter, which
 * PgBouncer refuses, so only a connection straight to Postgres can say so.
 */
class CreateEntries1000000000000 implements MigrationInterface {
  name = 'CreateEntries1000000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE entries (id varchar(64) PRIMARY KEY, replica varchar(40) NOT NULL)');
    await runner.query('CREATE TABLE counters (id varchar(64) PRIMARY KEY, value integer NOT NULL)');
    await runner.query("INSERT INTO counters (id, value) VALUES ('total', 0)");
    await runner.query(
      "CREATE TABLE migration_connection AS SELECT current_schema() AS schema, source FROM pg_settings WHERE name = 'search_path'",
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['migration_connection', 'counters', 'entries']) await runner.query(`DROP TABLE ${table}`);
  }
}

const ledger: PersistenceDefinition = { service: 'ledger', entities: [EntryEntity], migrations: [CreateEntries1000000000000] };
const schema = serviceConfigSchema(0, {});
/** Server connections per alias: far fewer than the clients below. */
const POOL_SIZE = 2;

describe('Postgres behind PgBouncer in transaction mode', () => {
  const isolation = new TestIsolation();
  const ledgerSchema = isolation.schemaFor('ledger');
  const almanacSchema = isolation.schemaFor('almanac');
  const direct = new Client({ connectionString: TEST_DATABASE_URL });
  let bouncer: RunningPgBouncer;
  const opened: DataSource[] = [];

  const envFor = (service: string, serviceSchema: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    ...TEST_SECRETS,
    DATABASE_URL: bouncer.urlFor(service),
    DATABASE_SCHEMA: serviceSchema,
    DATABASE_POOLER: 'transaction',
    DATABASE_MIGRATION_URL: TEST_DATABASE_URL,
    ...extra,
  });
  const configFor = (env: NodeJS.ProcessEnv): BaseConfig => loadConfig('ledger', schema, env);
  const open = async (config: BaseConfig, definition: PersistenceDefinition, runMigrations = true): Promise<DataSource> => {
    const source = await openDataSource(dataSourceOptions(config, definition), runMigrations);
    opened.push(source);
    return source;
  };

  beforeAll(async () => {
    await direct.connect();
    bouncer = await startPgBouncer({
      serverUrl: TEST_DATABASE_URL,
      services: [
        { service: 'ledger', schema: ledgerSchema },
        { service: 'almanac', schema: almanacSchema },
      ],
      poolSize: POOL_SIZE,
    });
    // Another service's schema with a table of the same name, which the ledger must never see.
    await direct.query(`CREATE SCHEMA "${almanacSchema}"`);
    await direct.query(`CREATE TABLE "${almanacSchema}".entries (id varchar(64) PRIMARY KEY, replica varchar(40) NOT NULL)`);
    await direct.query(`INSERT INTO "${almanacSchema}".entries VALUES ('almanac-only', 'almanac')`);
  });

  afterAll(async () => {
    await Promise.all(opened.map((source) => (source.isInitialized ? source.destroy() : undefined)));
    await bouncer?.stop();
    await direct.end();
    await isolation.cleanUp();
  });

  it('sends the pooler no startup options, and migrates straight to Postgres', async () => {
    const config = configFor(envFor('ledger', ledgerSchema));
    const options = dataSourceOptions(config, ledger);
    expect(options.type === 'postgres' && options.url).toBe(bouncer.urlFor('ledger'));
    expect(options.extra).toEqual({ max: 10 });

    await open(config, ledger);

    const applied = await direct.query(`SELECT name FROM "${ledgerSchema}".migrations`);
    expect(applied.rows).toEqual([{ name: 'CreateEntries1000000000000' }]);
    const connection = await direct.query(`SELECT schema, source FROM "${ledgerSchema}".migration_connection`);
    expect(connection.rows).toEqual([{ schema: ledgerSchema, source: 'client' }]);
    // The migration's own session lock is gone with its connection; none is left on a pooled one.
    const locks = await direct.query(
      "SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint",
      [`scriptbook-migrations:${ledgerSchema}`],
    );
    expect(locks.rows[0].held).toBe(0);
  });

  it("gives the service's entities and raw SQL its own schema only, on every pooled connection", async () => {
    const source = await open(configFor(envFor('ledger', ledgerSchema)), ledger);
    await source.getRepository(EntryEntity).insert({ id: 'ledger-only', replica: 'one' });

    // More at once than the pool has server connections, so every one of them answers.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        source.query(
          "SELECT current_schema() AS schema, (SELECT source FROM pg_settings WHERE name = 'search_path') AS source, " +
            '(SELECT string_agg(id, \',\') FROM entries) AS ids, pg_backend_pid() AS pid, pg_sleep(0.05)::text AS slept',
        ),
      ),
    );
    for (const [row] of answers) expect(row).toMatchObject({ schema: ledgerSchema, source: 'session', ids: 'ledger-only' });
    expect(new Set(answers.map(([row]) => row.pid)).size).toBeLessThanOrEqual(POOL_SIZE);
    expect(await source.getRepository(EntryEntity).findBy({})).toEqual([{ id: 'ledger-only', replica: 'one' }]);

    // The other service's alias on the same PgBouncer keeps its own search_path.
    const almanac = await open(configFor(envFor('almanac', almanacSchema)), { service: 'almanac', entities: [], migrations: [] }, false);
    expect(await almanac.query('SELECT current_schema() AS schema, id FROM entries')).toEqual([{ schema: almanacSchema, id: 'almanac-only' }]);
  });

  it('commits every one of many concurrent transactions from two replicas through a small pool', async () => {
    const config = configFor(envFor('ledger', ledgerSchema));
    const replicas = [await open(config, ledger), await open(config, ledger)];
    const admin = new Client({ connectionString: bouncer.consoleUrl });
    await admin.connect();
    const before = Number((await direct.query(`SELECT value FROM "${ledgerSchema}".counters WHERE id = 'total'`)).rows[0].value);

    const perReplica = 60;
    let mostWaiting = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const pools = await admin.query('SHOW POOLS');
        const pool = pools.rows.find((row: { database: string }) => row.database === 'scriptbook_ledger');
        mostWaiting = Math.max(mostWaiting, Number(pool?.cl_waiting ?? 0));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const outcomes = await Promise.allSettled(
      replicas.flatMap((replica, r) =>
        Array.from({ length: perReplica }, (_, i) =>
          replica.transaction(async (manager) => {
            const id = `r${r}-${i}`;
            await manager.query('INSERT INTO entries (id, replica) VALUES ($1, $2)', [id, `replica-${r}`]);
            await manager.query("UPDATE counters SET value = value + 1 WHERE id = 'total'");
            // Its own uncommitted row is visible to it: the whole transaction kept one server connection.
            const [{ seen }] = await manager.query('SELECT count(*)::int AS seen FROM entries WHERE id = $1', [id]);
            if (seen !== 1) throw new Error(`${id}: own row not visible inside its transaction`);
            // Every fifth one rolls back, which must take only its own work with it.
            if (i % 5 === 4) throw new Error('rolled back on purpose');
          }),
        ),
      ),
    );
    sampling = false;
    await sampler;

    const failures = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(failures.map((failure) => (failure.reason as Error).message).filter((message) => message !== 'rolled back on purpose')).toEqual([]);
    const committed = 2 * perReplica - failures.length;
    expect(committed).toBe(2 * 48);

    const counter = await direct.query(`SELECT value FROM "${ledgerSchema}".counters WHERE id = 'total'`);
    expect(Number(counter.rows[0].value) - before).toBe(committed);
    const rows = await direct.query(`SELECT replica, count(*)::int AS n FROM "${ledgerSchema}".entries WHERE id ~ '^r[01]-' GROUP BY replica ORDER BY replica`);
    expect(rows.rows).toEqual([
      { replica: 'replica-0', n: 48 },
      { replica: 'replica-1', n: 48 },
    ]);

    // Twenty clients (ten per replica) shared two server connections: some had to wait.
    const servers = await admin.query('SHOW SERVERS');
    expect(servers.rows.filter((row: { database: string }) => row.database === 'scriptbook_ledger').length).toBeLessThanOrEqual(POOL_SIZE);
    expect(mostWaiting).toBeGreaterThan(0);
    await admin.end();
  });

  describe('without DATABASE_MIGRATION_URL', () => {
    const withoutMigrationUrl = () => envFor('ledger', ledgerSchema, { DATABASE_MIGRATION_URL: '' });

    it('refuses, as configuration, to open a data source that would migrate, before connecting', async () => {
      const fresh = isolation.schemaFor('unmigrated');
      const config = configFor({ ...withoutMigrationUrl(), DATABASE_SCHEMA: fresh });
      const attempt = openDataSource(dataSourceOptions(config, ledger));
      await expect(attempt).rejects.toBeInstanceOf(ConfigError);
      await expect(attempt).rejects.toThrow(/^ledger: invalid configuration\n {2}- DATABASE_MIGRATION_URL: required with DATABASE_POOLER=transaction/);
      const created = await direct.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [fresh]);
      expect(created.rowCount).toBe(0);
    });

    it('stops an API process at start with that configuration error', async () => {
      @Module({ imports: [PersistenceModule.forService(ledger)] })
      class LedgerApiModule {}
      const start = startService({ name: 'ledger', module: LedgerApiModule, configSchema: schema }, withoutMigrationUrl());
      await expect(start).rejects.toBeInstanceOf(ConfigError);
      await expect(start).rejects.toThrow(/DATABASE_MIGRATION_URL: required/);
    });

    it('lets a worker, which does not migrate, work through the pooler; migrate() itself refuses', async () => {
      const worker = await open(configFor(withoutMigrationUrl()), ledger, false);
      expect(await worker.query("SELECT value >= 0 AS ok FROM counters WHERE id = 'total'")).toEqual([{ ok: true }]);
      await expect(migrate(worker)).rejects.toBeInstanceOf(ConfigError);
    });
  });
});
