import { migrationDatabases } from '@scriptbook/platform/testing/migration-databases';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsMigrations } from './index';

/** Campaigns made before groups existed move to their creator's personal group, keeping everything else, on both databases. */
describe('the campaign sync migration on existing campaigns', () => {
  const isolation = new TestIsolation();

  afterAll(() => isolation.cleanUp());

  const databases = migrationDatabases(isolation, 'campaigns_migration', campaignsMigrations);

  it.each(databases)('puts each campaign in its creator’s personal group on %s, and then requires a group', async (_name, make) => {
    const dataSource = await make();
    await dataSource.initialize();
    try {
      await dataSource.runMigrations();
      // Back to the first migration, where campaigns had no group.
      for (let i = 1; i < campaignsMigrations.length; i++) await dataSource.undoLastMigration();
      await dataSource.query(`INSERT INTO campaigns (id, game_id, name, owner_id, version) VALUES ('c1', 'twom', 'Siege', 'player-ana', 0)`);

      await dataSource.runMigrations();

      expect(await dataSource.query('SELECT id, name, owner_id, group_id, state FROM campaigns')).toEqual([
        { id: 'c1', name: 'Siege', owner_id: 'player-ana', group_id: 'personal-player-ana', state: null },
      ]);
      await expect(dataSource.query(`INSERT INTO campaigns (id, game_id, name, owner_id, version) VALUES ('c2', 'twom', 'No group', 'player-ana', 0)`)).rejects.toThrow();
      await dataSource.query(`INSERT INTO campaign_changes (campaign_id, version, name, args, delta, player_id, applied_at) VALUES ('c1', 1, 'advance-day', '{}', '[]', 'player-ana', 0)`);
      await expect(
        dataSource.query(`INSERT INTO campaign_changes (campaign_id, version, name, args, delta, player_id, applied_at) VALUES ('c1', 1, 'advance-day', '{}', '[]', 'player-ana', 0)`),
      ).rejects.toThrow();
    } finally {
      await dataSource.destroy();
    }
  });
});
