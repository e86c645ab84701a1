import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Each replaced refresh token names the token that replaced it, so a refresh
 * whose answer was lost can be retried with the same token (and its unused
 * successor voided) instead of counting as reuse.
 */
export class AddRefreshTokenSuccessor1764700000000 implements MigrationInterface {
  name = 'AddRefreshTokenSuccessor1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('refresh_tokens', new TableColumn({ name: 'replaced_by', type: 'varchar', length: '64', isNullable: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('refresh_tokens', 'replaced_by');
  }
}
