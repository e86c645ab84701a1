import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Which setup procedure made a campaign's initial state and with what input (the seed and the transcript were
 * kept already), so its file carries the whole setup and an import can run it again. Campaigns made before keep
 * null in both: their setup is not known.
 */
export class CampaignSetup1765200000000 implements MigrationInterface {
  name = 'CampaignSetup1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('campaigns', [
      new TableColumn({ name: 'setup_procedure_id', type: 'varchar', length: '200', isNullable: true }),
      new TableColumn({ name: 'setup_input', type: 'text', isNullable: true }),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumns('campaigns', ['setup_procedure_id', 'setup_input']);
  }
}
