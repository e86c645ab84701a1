import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The actions a push handled without applying, with why, one row per (campaign, device, seq), so a device that lost the
 * push's answer learns the reason from its next pull. Free text columns are `text`: an unknown action's name comes from the device.
 */
export class CampaignRejections1764800000000 implements MigrationInterface {
  name = 'CampaignRejections1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'campaign_rejections',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'client_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'seq', type: 'integer', isPrimary: true },
          { name: 'player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'name', type: 'text', isNullable: false },
          { name: 'code', type: 'varchar', length: '32', isNullable: false },
          { name: 'rule', type: 'text', isNullable: false },
          { name: 'field', type: 'text', isNullable: false },
          { name: 'reason', type: 'text', isNullable: false },
          { name: 'rejected_at', type: 'bigint', isNullable: false },
        ],
        foreignKeys: [{ columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('campaign_rejections');
  }
}
