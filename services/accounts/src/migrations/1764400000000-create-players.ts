import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { createdAtColumn, idColumn } from '@scriptbook/platform';

export class CreatePlayers1764400000000 implements MigrationInterface {
  name = 'CreatePlayers1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'players',
        columns: [
          idColumn(),
          { name: 'email', type: 'varchar', length: '254', isNullable: false, isUnique: true },
          { name: 'display_name', type: 'varchar', length: '40', isNullable: false },
          { name: 'password_hash', type: 'varchar', length: '100', isNullable: false },
          createdAtColumn(runner),
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('players');
  }
}
