import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAtColumn, idColumn, updatedAtColumn } from '@scriptbook/platform';

export class CreateCampaigns1764400100000 implements MigrationInterface {
  name = 'CreateCampaigns1764400100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'campaigns',
        columns: [
          idColumn(),
          { name: 'game_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'name', type: 'varchar', length: '80', isNullable: false },
          { name: 'owner_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'version', type: 'integer', default: 0, isNullable: false },
          createdAtColumn(runner),
          updatedAtColumn(runner),
        ],
      }),
    );
    await runner.createIndex('campaigns', new TableIndex({ name: 'campaigns_owner_id_id', columnNames: ['owner_id', 'id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('campaigns');
  }
}
