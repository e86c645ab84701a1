import { migrationDatabases } from '@scriptbook/platform/testing/migration-databases';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { CampaignRejections1764800000000 } from './1764800000000-campaign-rejections';
import { campaignsMigrations } from './index';

/** The rejections table comes with its key and its tie to the campaign on both databases, and goes again on the way down. */
describe('the campaign rejections migration', () => {
  const isolation = new TestIsolation();

  afterAll(() => isolation.cleanUp());

  const databases = migrationDatabases(isolation, 'campaigns_rejections_migration', campaignsMigrations);
  const insert = (seq: number, campaignId = 'c1') =>
    `INSERT INTO campaign_rejections (campaign_id, client_id, seq, player_id, name, code, rule, field, reason, rejected_at) ` +
    `VALUES ('${campaignId}', 'phone-ana-1', ${seq}, 'player-ana', 'shout', 'BAD_USER_INPUT', 'unknown-action', 'name', 'shout is not an action of this game', 0)`;

  it.each(databases)('on %s: one row per campaign, device and seq, removed with its campaign', async (_name, make) => {
    const dataSource = await make();
    await dataSource.initialize();
    try {
      await dataSource.runMigrations();
      if (dataSource.options.type === 'better-sqlite3') await dataSource.query('PRAGMA foreign_keys = ON');
      await dataSource.query(`INSERT INTO campaigns (id, game_id, name, owner_id, group_id, version) VALUES ('c1', 'twom', 'Siege', 'player-ana', 'g1', 0)`);
      await dataSource.query(insert(1));
      await expect(dataSource.query(insert(1))).rejects.toThrow();
      await expect(dataSource.query(insert(2, 'no-such-campaign'))).rejects.toThrow();
      await dataSource.query(`DELETE FROM campaigns WHERE id = 'c1'`);
      expect(await dataSource.query('SELECT count(*) AS n FROM campaign_rejections')).toEqual([{ n: dataSource.options.type === 'postgres' ? '0' : 0 }]);

      // Down to the migration before this one, through any that came after it.
      const undo = campaignsMigrations.length - campaignsMigrations.indexOf(CampaignRejections1764800000000);
      for (let i = 0; i < undo; i++) await dataSource.undoLastMigration();
      await expect(dataSource.query('SELECT count(*) AS n FROM campaign_rejections')).rejects.toThrow();
    } finally {
      await dataSource.destroy();
    }
  });
});
