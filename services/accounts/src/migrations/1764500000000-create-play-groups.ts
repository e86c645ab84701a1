import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAtColumn, idColumn } from '@scriptbook/platform';

export class CreatePlayGroups1764500000000 implements MigrationInterface {
  name = 'CreatePlayGroups1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    const timestamp = String(runner.connection.driver.mappedDataTypes.createDate);
    await runner.createTable(
      new Table({
        name: 'play_groups',
        columns: [
          idColumn(),
          { name: 'name', type: 'varchar', length: '60', isNullable: false },
          { name: 'kind', type: 'varchar', length: '16', isNullable: false },
          { name: 'membership_version', type: 'integer', default: 0, isNullable: false },
          createdAtColumn(runner),
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'group_memberships',
        columns: [
          idColumn(),
          { name: 'group_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'role', type: 'varchar', length: '16', isNullable: false },
          createdAtColumn(runner, 'joined_at'),
        ],
        // A deleted player leaves no membership behind to be read as someone else's.
        foreignKeys: [
          { columnNames: ['group_id'], referencedTableName: 'play_groups', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['player_id'], referencedTableName: 'players', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
        indices: [
          new TableIndex({ name: 'group_memberships_group_player', columnNames: ['group_id', 'player_id'], isUnique: true }),
          new TableIndex({ name: 'group_memberships_player_id', columnNames: ['player_id', 'id'] }),
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'group_invitations',
        columns: [
          idColumn(),
          { name: 'group_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'code_hash', type: 'varchar', length: '64', isNullable: false, isUnique: true },
          { name: 'created_by', type: 'varchar', length: '64', isNullable: false },
          { name: 'expires_at', type: timestamp, isNullable: false },
          { name: 'revoked_at', type: timestamp, isNullable: true },
          createdAtColumn(runner),
        ],
        foreignKeys: [{ columnNames: ['group_id'], referencedTableName: 'play_groups', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [new TableIndex({ name: 'group_invitations_group_id', columnNames: ['group_id', 'id'] })],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('group_invitations');
    await runner.dropTable('group_memberships');
    await runner.dropTable('play_groups');
  }
}
