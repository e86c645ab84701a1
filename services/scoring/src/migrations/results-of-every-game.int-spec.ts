import { DataSource } from 'typeorm';
import { migrationDatabases } from '@scriptbook/platform/testing/migration-databases';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { DropGameResults1764800000000 } from './1764800000000-drop-game-results';
import { scoringMigrations } from './index';

const RECORDED = '2026-11-30 10:00:00';
const OLD_RESULT = `INSERT INTO zs_results (id, player_id, client_submission_id, input_hash, scenario_id, map_id, stalker_count, rounds_played, victory, score, verified, input, breakdown, challenge_id, score_version, hidden_at, created_at)
  VALUES ('r1', 'player-ana', 'game-ana-1', '${'a'.repeat(64)}', 'stalker-zs:scenario:boss-hunt', 'stalker-zs:map:3', 2, 8, true, 22, false, '{"stalkers":["Ana","Ben"]}', '{"victoryPoints":20}', 'stalker-zs:daily:2026-11-30', '1:old', NULL, '${RECORDED}')`;

/** Zone Survival results stored before results named their game move to the table of every game's results, unchanged; the dead table goes. */
describe('the scoring migrations on results stored before them', () => {
  const isolation = new TestIsolation();

  afterAll(() => isolation.cleanUp());

  const databases = migrationDatabases(isolation, 'scoring_migration', scoringMigrations);
  /** Undoes every migration from `migration` on, however many later ones there are. */
  const undoThrough = async (dataSource: DataSource, migration: (typeof scoringMigrations)[number]) => {
    for (let i = scoringMigrations.indexOf(migration); i < scoringMigrations.length; i++) await dataSource.undoLastMigration();
  };
  const tables = async (dataSource: DataSource) =>
    (await dataSource.createQueryRunner().getTables(['results', 'board_outbox', 'zs_results', 'zs_board_outbox', 'game_results'])).map((t) => t.name.split('.').pop()).sort();

  it.each(databases)('moves each result with its game id and fields, keeps its outbox row, and goes back on %s', async (_name, make) => {
    const dataSource = await make();
    await dataSource.initialize();
    try {
      await dataSource.runMigrations();
      // Back to before these two migrations, where the first game had tables of its own.
      await undoThrough(dataSource, DropGameResults1764800000000);
      expect(await tables(dataSource)).toEqual(['game_results', 'zs_board_outbox', 'zs_results']);
      await dataSource.query(OLD_RESULT);
      await dataSource.query(`INSERT INTO zs_board_outbox (result_id, created_at) VALUES ('r1', '${RECORDED}')`);

      await dataSource.runMigrations();

      expect(await tables(dataSource)).toEqual(['board_outbox', 'results']);
      const [row] = await dataSource.query('SELECT id, game_id, player_id, client_submission_id, game_fields, victory, score, verified, input, breakdown, challenge_id, score_version, hidden_at FROM results');
      expect({ ...row, game_fields: JSON.parse(row.game_fields), victory: Boolean(row.victory), verified: Boolean(row.verified) }).toEqual({
        id: 'r1',
        game_id: 'stalker-zs',
        player_id: 'player-ana',
        client_submission_id: 'game-ana-1',
        game_fields: { scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'stalker-zs:map:3', stalkerCount: 2, roundsPlayed: 8 },
        victory: true,
        score: 22,
        verified: false,
        input: '{"stalkers":["Ana","Ben"]}',
        breakdown: '{"victoryPoints":20}',
        challenge_id: 'stalker-zs:daily:2026-11-30',
        score_version: '1:old',
        hidden_at: null,
      });
      expect(await dataSource.query('SELECT result_id FROM board_outbox')).toEqual([{ result_id: 'r1' }]);
      // A retry of the same game by the same player is still found by the unique index, now per game.
      await expect(
        dataSource.query(
          `INSERT INTO results (id, game_id, player_id, client_submission_id, input_hash, game_fields, victory, verified, input, score_version) VALUES ('r2', 'stalker-zs', 'player-ana', 'game-ana-1', 'x', '{}', false, false, '{}', 'v')`,
        ),
      ).rejects.toThrow();

      await undoThrough(dataSource, DropGameResults1764800000000);
      expect(await tables(dataSource)).toEqual(['game_results', 'zs_board_outbox', 'zs_results']);
      expect(await dataSource.query('SELECT id, scenario_id, map_id, stalker_count, rounds_played, score FROM zs_results')).toEqual([
        { id: 'r1', scenario_id: 'stalker-zs:scenario:boss-hunt', map_id: 'stalker-zs:map:3', stalker_count: 2, rounds_played: 8, score: 22 },
      ]);
      expect(await dataSource.query('SELECT result_id FROM zs_board_outbox')).toEqual([{ result_id: 'r1' }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
