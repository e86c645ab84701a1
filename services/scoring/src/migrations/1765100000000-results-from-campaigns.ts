import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * A result can be scored from a campaign's record: the campaign's id beside
 * it, unique per game, so a campaign scores once even when two of its
 * players submit it at the same moment. Results made before keep null.
 */
export class ResultsFromCampaigns1765100000000 implements MigrationInterface {
  name = 'ResultsFromCampaigns1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('results', new TableColumn({ name: 'campaign_id', type: 'varchar', length: '80', isNullable: true }));
    await runner.createIndex(
      'results',
      new TableIndex({ name: 'results_game_campaign', columnNames: ['game_id', 'campaign_id'], isUnique: true, where: 'campaign_id IS NOT NULL' }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('results', 'results_game_campaign');
    await runner.dropColumn('results', 'campaign_id');
  }
}
