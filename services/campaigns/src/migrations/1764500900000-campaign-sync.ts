import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/** Campaigns move from their creator to a group, gain state, and get the change log and per-device progress of the sync protocol. */
export class CampaignSync1764500900000 implements MigrationInterface {
  name = 'CampaignSync1764500900000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('campaigns', [
      new TableColumn({ name: 'group_id', type: 'varchar', length: '80', isNullable: true }),
      new TableColumn({ name: 'state', type: 'text', isNullable: true }),
      new TableColumn({ name: 'seed', type: 'varchar', length: '200', isNullable: true }),
      new TableColumn({ name: 'setup_transcript', type: 'text', isNullable: true }),
    ]);
    // Existing campaigns stay with their creator: in the creator's personal group.
    await runner.query(`UPDATE campaigns SET group_id = 'personal-' || owner_id WHERE group_id IS NULL`);
    // Postgres changes nullability in place (changeColumn would drop and re-add the column); SQLite can only rebuild the table.
    if (runner.connection.driver.options.type === 'postgres') {
      await runner.query('ALTER TABLE campaigns ALTER COLUMN group_id SET NOT NULL');
    } else {
      await runner.changeColumn('campaigns', 'group_id', new TableColumn({ name: 'group_id', type: 'varchar', length: '80', isNullable: false }));
    }
    await runner.createIndex('campaigns', new TableIndex({ name: 'campaigns_group_id_id', columnNames: ['group_id', 'id'] }));

    await runner.createTable(
      new Table({
        name: 'campaign_changes',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'version', type: 'integer', isPrimary: true },
          { name: 'name', type: 'varchar', length: '64', isNullable: false },
          { name: 'args', type: 'text', isNullable: false },
          { name: 'delta', type: 'text', isNullable: false },
          { name: 'client_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'seq', type: 'integer', isNullable: true },
          { name: 'player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'applied_at', type: 'bigint', isNullable: false },
          { name: 'undoes_version', type: 'integer', isNullable: true },
          { name: 'undone_by_version', type: 'integer', isNullable: true },
        ],
        foreignKeys: [{ columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'campaign_clients',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'client_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'last_seq', type: 'integer', isNullable: false },
        ],
        foreignKeys: [{ columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('campaign_clients');
    await runner.dropTable('campaign_changes');
    await runner.dropIndex('campaigns', 'campaigns_group_id_id');
    await runner.dropColumns('campaigns', ['group_id', 'state', 'seed', 'setup_transcript']);
  }
}
