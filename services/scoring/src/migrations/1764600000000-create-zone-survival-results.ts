import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAtColumn, idColumn } from '@scriptbook/platform';

export class CreateZoneSurvivalResults1764600000000 implements MigrationInterface {
  name = 'CreateZoneSurvivalResults1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    const timestamp = String(runner.connection.driver.mappedDataTypes.createDate);
    await runner.createTable(
      new Table({
        name: 'zs_results',
        columns: [
          idColumn(),
          { name: 'player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'client_submission_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'input_hash', type: 'varchar', length: '64', isNullable: false },
          { name: 'scenario_id', type: 'varchar', length: '128', isNullable: false },
          { name: 'map_id', type: 'varchar', length: '128', isNullable: false },
          { name: 'stalker_count', type: 'integer', isNullable: false },
          { name: 'rounds_played', type: 'integer', isNullable: false },
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
    await runner.createIndex('zs_results', new TableIndex({ name: 'zs_results_player_submission', columnNames: ['player_id', 'client_submission_id'], isUnique: true }));
    // A daily challenge counts once per player.
    await runner.createIndex(
      'zs_results',
      new TableIndex({ name: 'zs_results_player_challenge', columnNames: ['player_id', 'challenge_id'], isUnique: true, where: 'challenge_id IS NOT NULL' }),
    );
    await runner.createIndex('zs_results', new TableIndex({ name: 'zs_results_player_id', columnNames: ['player_id', 'id'] }));
    await runner.createTable(
      new Table({
        name: 'zs_board_outbox',
        columns: [{ ...idColumn('result_id') }, createdAtColumn(runner)],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('zs_board_outbox');
    await runner.dropTable('zs_results');
  }
}
