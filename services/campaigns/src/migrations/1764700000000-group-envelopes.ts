import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Legacy envelopes a play group has opened, one row per (group, envelope), and how far the unlock job has got. */
export class GroupEnvelopes1764700000000 implements MigrationInterface {
  name = 'GroupEnvelopes1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'group_envelopes',
        columns: [
          { name: 'group_id', type: 'varchar', length: '80', isPrimary: true },
          { name: 'envelope_id', type: 'varchar', length: '80', isPrimary: true },
          { name: 'state', type: 'varchar', length: '16', isNullable: false },
          { name: 'opened_in_campaign_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'opened_by_scenario_id', type: 'varchar', length: '80', isNullable: false },
          { name: 'opened_by_player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'opened_at', type: 'bigint', isNullable: false },
          { name: 'completed_at', type: 'bigint', isNullable: true },
          { name: 'job_id', type: 'varchar', length: '200', isNullable: false },
          { name: 'campaigns_done', type: 'integer', default: 0, isNullable: false },
          { name: 'campaigns_total', type: 'integer', default: 0, isNullable: false },
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('group_envelopes');
  }
}
