import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { TEST_DATABASE_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsMigrations } from './index';

/**
 * Letting players go without an email rebuilds the players table on SQLite;
 * rows that point at players (memberships, which cascade on delete) must come
 * through it untouched, on both databases.
 */
describe('the devices and sessions migration on existing data', () => {
  const isolation = new TestIsolation();

  afterAll(() => isolation.cleanUp());

  const onPostgres = async (): Promise<DataSource> => {
    const schema = isolation.schemaFor('accounts_migration');
    const client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`).finally(() => client.end());
    return new DataSource({ type: 'postgres', url: TEST_DATABASE_URL, schema, extra: { options: `-c search_path=${schema}` }, migrations: accountsMigrations });
  };
  const databases: [string, () => Promise<DataSource>][] = [
    ['SQLite', async () => new DataSource({ type: 'better-sqlite3', database: ':memory:', migrations: accountsMigrations })],
    ['Postgres', onPostgres],
  ];

  it.each(databases)('keeps players and their memberships on %s, and then takes a player without an email', async (_name, make) => {
    const dataSource = await make();
    await dataSource.initialize();
    try {
      await dataSource.runMigrations();
      await dataSource.undoLastMigration();
      await dataSource.query(`INSERT INTO players (id, email, display_name, password_hash) VALUES ('p1', 'ana@example.org', 'Ana', 'hash')`);
      await dataSource.query(`INSERT INTO play_groups (id, name, kind) VALUES ('g1', 'Box', 'SHARED')`);
      await dataSource.query(`INSERT INTO group_memberships (id, group_id, player_id, role) VALUES ('m1', 'g1', 'p1', 'OWNER')`);

      await dataSource.runMigrations();

      expect(await dataSource.query('SELECT id, email, password_hash FROM players')).toEqual([{ id: 'p1', email: 'ana@example.org', password_hash: 'hash' }]);
      expect(await dataSource.query('SELECT id, player_id FROM group_memberships')).toEqual([{ id: 'm1', player_id: 'p1' }]);
      await dataSource.query(`INSERT INTO players (id, email, display_name, password_hash) VALUES ('p2', NULL, 'Ben', NULL), ('p3', NULL, 'Cy', NULL)`);
      await expect(dataSource.query(`INSERT INTO players (id, email, display_name) VALUES ('p4', 'ana@example.org', 'Copy')`)).rejects.toThrow();
    } finally {
      await dataSource.destroy();
    }
  });
});
