import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAtColumn, idColumn } from '@scriptbook/platform';

export class CreateGameResults1764400200000 implements MigrationInterface {
  name = 'CreateGameResults1764400200000';

  async up(runner: QueryRunner): Promise<void> {
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

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('game_results');
  }
}
