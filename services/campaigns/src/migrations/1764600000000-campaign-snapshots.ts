import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Checkpoints of campaign state every N versions, so a state at a past version is found without replaying the log from the start. */
export class CampaignSnapshots1764600000000 implements MigrationInterface {
  name = 'CampaignSnapshots1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'campaign_snapshots',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'version', type: 'integer', isPrimary: true },
          { name: 'state', type: 'text', isNullable: false },
          { name: 'taken_at', type: 'bigint', isNullable: false },
        ],
        foreignKeys: [{ columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('campaign_snapshots');
  }
}
