import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAtColumn, idColumn } from '@scriptbook/platform';
import { CreateZoneSurvivalResults1764600000000 } from './1764600000000-create-zone-survival-results';

/** The only game whose results were stored before results held their game's id. */
const FIRST_SCORED_GAME = 'stalker-zs';

/**
 * Results of every scored game in one table: the game's id beside each
 * result, and the game's own fields (Scenario, Map, Stalker count, Rounds
 * for the first game) as one JSON column, so a new game needs no table and
 * no migration of its own. The Zone Survival rows move over unchanged,
 * ids, scores, versions and outbox rows included; the old tables go.
 */
export class ResultsOfEveryGame1764800100000 implements MigrationInterface {
  name = 'ResultsOfEveryGame1764800100000';

  async up(runner: QueryRunner): Promise<void> {
    const timestamp = String(runner.connection.driver.mappedDataTypes.createDate);
    await runner.createTable(
      new Table({
        name: 'results',
        columns: [
          idColumn(),
          { name: 'game_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'client_submission_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'input_hash', type: 'varchar', length: '64', isNullable: false },
          { name: 'game_fields', type: 'text', isNullable: false },
          { name: 'victory', type: 'boolean', isNullable: false },
          { name: 'score', type: 'integer', isNullable: true },
          { name: 'verified', type: 'boolean', isNullable: false },
          { name: 'input', type: 'text', isNullable: false },
          { name: 'breakdown', type: 'text', isNullable: true },
          { name: 'challenge_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'score_version', type: 'varchar', length: '64', isNullable: false },
          { name: 'hidden_at', type: timestamp, isNullable: true },
          createdAtColumn(runner),
        ],
      }),
    );
    // A retried submission finds the first one instead of counting twice.
    await runner.createIndex('results', new TableIndex({ name: 'results_game_player_submission', columnNames: ['game_id', 'player_id', 'client_submission_id'], isUnique: true }));
    // A daily challenge counts once per player; its id names its game.
    await runner.createIndex(
      'results',
      new TableIndex({ name: 'results_player_challenge', columnNames: ['player_id', 'challenge_id'], isUnique: true, where: 'challenge_id IS NOT NULL' }),
    );
    await runner.createIndex('results', new TableIndex({ name: 'results_game_player_id', columnNames: ['game_id', 'player_id', 'id'] }));
    // A rebuild or rescore reads one game's results in id order.
    await runner.createIndex('results', new TableIndex({ name: 'results_game_id', columnNames: ['game_id', 'id'] }));
    await runner.createTable(new Table({ name: 'board_outbox', columns: [{ ...idColumn('result_id') }, createdAtColumn(runner)] }));

    const fields = isPostgres(runner)
      ? `json_build_object('scenarioId', scenario_id, 'mapId', map_id, 'stalkerCount', stalker_count, 'roundsPlayed', rounds_played)::text`
      : `json_object('scenarioId', scenario_id, 'mapId', map_id, 'stalkerCount', stalker_count, 'roundsPlayed', rounds_played)`;
    await runner.query(
      `INSERT INTO results (id, game_id, player_id, client_submission_id, input_hash, game_fields, victory, score, verified, input, breakdown, challenge_id, score_version, hidden_at, created_at)
       SELECT id, ${parameter(runner)}, player_id, client_submission_id, input_hash, ${fields}, victory, score, verified, input, breakdown, challenge_id, score_version, hidden_at, created_at FROM zs_results`,
      [FIRST_SCORED_GAME],
    );
    await runner.query('INSERT INTO board_outbox (result_id, created_at) SELECT result_id, created_at FROM zs_board_outbox');
    await runner.dropTable('zs_board_outbox');
    await runner.dropTable('zs_results');
  }

  /** Back to the tables of the first game alone: its results return, other games' results are lost. */
  async down(runner: QueryRunner): Promise<void> {
    await new CreateZoneSurvivalResults1764600000000().up(runner);
    const field = (name: string) => (isPostgres(runner) ? `(game_fields::json ->> '${name}')` : `json_extract(game_fields, '$.${name}')`);
    const integer = (name: string) => (isPostgres(runner) ? `${field(name)}::integer` : field(name));
    const game = parameter(runner);
    await runner.query(
      `INSERT INTO zs_results (id, player_id, client_submission_id, input_hash, scenario_id, map_id, stalker_count, rounds_played, victory, score, verified, input, breakdown, challenge_id, score_version, hidden_at, created_at)
       SELECT id, player_id, client_submission_id, input_hash, ${field('scenarioId')}, ${field('mapId')}, ${integer('stalkerCount')}, ${integer('roundsPlayed')}, victory, score, verified, input, breakdown, challenge_id, score_version, hidden_at, created_at
       FROM results WHERE game_id = ${game}`,
      [FIRST_SCORED_GAME],
    );
    await runner.query(`INSERT INTO zs_board_outbox (result_id, created_at) SELECT o.result_id, o.created_at FROM board_outbox o JOIN results r ON r.id = o.result_id WHERE r.game_id = ${game}`, [
      FIRST_SCORED_GAME,
    ]);
    await runner.dropTable('board_outbox');
    await runner.dropTable('results');
  }
}

const isPostgres = (runner: QueryRunner) => runner.connection.driver.options.type === 'postgres';
/** The first bound parameter, as each driver writes it. */
const parameter = (runner: QueryRunner) => (isPostgres(runner) ? '$1' : '?');
