import { migrationDatabases } from '@scriptbook/platform/testing/migration-databases';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsMigrations } from './index';

/**
 * Letting players go without an email rebuilds the players table on SQLite;
 * rows that point at players (memberships, which cascade on delete) must come
 * through it untouched, on both databases.
 */
describe('the devices and sessions migration on existing data', () => {
  const isolation = new TestIsolation();

  afterAll(() => isolation.cleanUp());

  const databases = migrationDatabases(isolation, 'accounts_migration', accountsMigrations);

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
