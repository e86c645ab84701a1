import { migrationDatabases } from '@scriptbook/platform/testing/migration-databases';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { ResultsFromCampaigns1765100000000 } from './1765100000000-results-from-campaigns';
import { scoringMigrations } from './index';

const insert = (id: string, campaignId: string | null) =>
  `INSERT INTO results (id, game_id, player_id, client_submission_id, input_hash, game_fields, victory, verified, input, score_version, campaign_id)
   VALUES ('${id}', 'stalker-zs', 'player-${id}', 'submission-${id}', 'x', '{}', false, false, '{}', 'v', ${campaignId === null ? 'NULL' : `'${campaignId}'`})`;

/** A result keeps the campaign it was scored from; the index lets a campaign score once per game, and results of no campaign stay free. */
describe('the migration that gives results their campaign', () => {
  const isolation = new TestIsolation();

  afterAll(() => isolation.cleanUp());

  const databases = migrationDatabases(isolation, 'scoring_campaign_migration', scoringMigrations);

  it.each(databases)('refuses a second result of one campaign, keeps results without one, and goes back on %s', async (_name, make) => {
    const dataSource = await make();
    await dataSource.initialize();
    try {
      await dataSource.runMigrations();
      expect(scoringMigrations[scoringMigrations.length - 1]).toBe(ResultsFromCampaigns1765100000000);
      await dataSource.query(insert('a', 'campaign-1'));
      await expect(dataSource.query(insert('b', 'campaign-1'))).rejects.toThrow();
      await dataSource.query(insert('c', null));
      await dataSource.query(insert('d', null));
      await dataSource.query(insert('e', 'campaign-2'));
      expect((await dataSource.query('SELECT id FROM results ORDER BY id')).map((row: { id: string }) => row.id)).toEqual(['a', 'c', 'd', 'e']);

      await dataSource.undoLastMigration();
      const columns = (await dataSource.createQueryRunner().getTable('results'))!.columns.map((column) => column.name);
      expect(columns).not.toContain('campaign_id');
      // Going back drops the column, not the results.
      expect(Number((await dataSource.query('SELECT count(*) AS n FROM results'))[0].n)).toBe(4);
    } finally {
      await dataSource.destroy();
    }
  });
});
