import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The members who let a campaign's exports name them by their player id; every other member is named by a pseudonym
 * (docs/campaign-files.md). One row per consent, gone with the campaign.
 */
export class CampaignExportConsents1765000000000 implements MigrationInterface {
  name = 'CampaignExportConsents1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'campaign_export_consents',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'player_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'consented_at', type: 'bigint', isNullable: false },
        ],
        foreignKeys: [{ columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('campaign_export_consents');
  }
}
