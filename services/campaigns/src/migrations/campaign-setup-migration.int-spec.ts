import { migrationDatabases } from '@scriptbook/platform/testing/migration-databases';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { CampaignSetup1765200000000 } from './1765200000000-campaign-setup';
import { campaignsMigrations } from './index';

/** The setup columns come null for the campaigns already there, hold a procedure and its input as JSON text, and go on the way down. */
describe('the campaign setup migration', () => {
  const isolation = new TestIsolation();

  afterAll(() => isolation.cleanUp());

  const databases = migrationDatabases(isolation, 'campaigns_setup_migration', campaignsMigrations);
  const columns = 'SELECT id, setup_procedure_id, setup_input FROM campaigns ORDER BY id';

  it.each(databases)('on %s: null for a campaign made before, kept for one made after, and gone again on the way down', async (_name, make) => {
    const dataSource = await make();
    await dataSource.initialize();
    try {
      const before = campaignsMigrations.indexOf(CampaignSetup1765200000000);
      await dataSource.runMigrations();
      for (let i = 0; i < campaignsMigrations.length - before; i++) await dataSource.undoLastMigration();
      await dataSource.query(`INSERT INTO campaigns (id, game_id, name, owner_id, group_id, version) VALUES ('c1', 'stalker-zs', 'Older', 'player-ana', 'g1', 0)`);
      await dataSource.runMigrations();
      await dataSource.query(
        `INSERT INTO campaigns (id, game_id, name, owner_id, group_id, version, setup_procedure_id, setup_input) VALUES ('c2', 'stalker-zs', 'Newer', 'player-ana', 'g1', 0, 'stalker-zs.setup', '{"stalkerCount":2}')`,
      );
      expect(await dataSource.query(columns)).toEqual([
        { id: 'c1', setup_procedure_id: null, setup_input: null },
        { id: 'c2', setup_procedure_id: 'stalker-zs.setup', setup_input: '{"stalkerCount":2}' },
      ]);

      for (let i = 0; i < campaignsMigrations.length - before; i++) await dataSource.undoLastMigration();
      await expect(dataSource.query(columns)).rejects.toThrow();
      expect(await dataSource.query('SELECT id, name FROM campaigns ORDER BY id')).toEqual([{ id: 'c1', name: 'Older' }, { id: 'c2', name: 'Newer' }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
