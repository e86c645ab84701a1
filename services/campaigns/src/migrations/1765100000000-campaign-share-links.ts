import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Read-only share links of campaigns: the secret's SHA-256 only (the token carries 256 random bits, so a leaked
 * table gives nothing to guess), who made and who revoked each and when. Rows go with their campaign.
 */
export class CampaignShareLinks1765100000000 implements MigrationInterface {
  name = 'CampaignShareLinks1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'campaign_share_links',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'campaign_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'secret_hash', type: 'varchar', length: '64', isNullable: false },
          { name: 'label', type: 'varchar', length: '80', isNullable: true },
          { name: 'created_by', type: 'varchar', length: '64', isNullable: false },
          { name: 'created_at', type: 'bigint', isNullable: false },
          { name: 'revoked_at', type: 'bigint', isNullable: true },
          { name: 'revoked_by', type: 'varchar', length: '64', isNullable: true },
        ],
        indices: [{ name: 'campaign_share_links_campaign_id', columnNames: ['campaign_id', 'id'] }],
        foreignKeys: [{ columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('campaign_share_links');
  }
}
