import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * A campaign's lifecycle: when it was archived (read-only, out of the default lists), when it was deleted (a soft
 * delete, restorable until the purge) and when the purge claimed it (from then on it cannot be restored). Epoch
 * milliseconds, null while it has not happened. The index serves the purge's search for campaigns past their days.
 */
export class CampaignLifecycle1764900000000 implements MigrationInterface {
  name = 'CampaignLifecycle1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('campaigns', [
      new TableColumn({ name: 'archived_at', type: 'bigint', isNullable: true }),
      new TableColumn({ name: 'deleted_at', type: 'bigint', isNullable: true }),
      new TableColumn({ name: 'deleted_by', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'purge_started_at', type: 'bigint', isNullable: true }),
    ]);
    await runner.createIndex('campaigns', new TableIndex({ name: 'campaigns_deleted_at', columnNames: ['deleted_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('campaigns', 'campaigns_deleted_at');
    for (const column of ['purge_started_at', 'deleted_by', 'deleted_at', 'archived_at']) await runner.dropColumn('campaigns', column);
  }
}
