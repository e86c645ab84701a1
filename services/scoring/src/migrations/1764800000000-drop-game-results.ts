import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAtColumn, idColumn } from '@scriptbook/platform';

/**
 * `game_results` was the store of a leaderboard nobody read: nothing ever
 * wrote a row, and the boards are built from the results table. It goes,
 * with whatever it holds; `down` brings back the empty table.
 */
export class DropGameResults1764800000000 implements MigrationInterface {
  name = 'DropGameResults1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.dropTable('game_results');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'game_results',
        columns: [
          idColumn(),
          { name: 'game_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'score', type: 'integer', isNullable: false },
          createdAtColumn(runner),
        ],
      }),
    );
    await runner.createIndex('game_results', new TableIndex({ name: 'game_results_game_id_id', columnNames: ['game_id', 'id'] }));
  }
}
