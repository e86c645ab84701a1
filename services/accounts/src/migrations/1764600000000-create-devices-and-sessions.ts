import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { createdAtColumn, idColumn } from '@scriptbook/platform';

/**
 * Anonymous players (signed in by a device, no email or password yet), the
 * devices that sign players in, and refreshable sessions.
 */
export class CreateDevicesAndSessions1764600000000 implements MigrationInterface {
  name = 'CreateDevicesAndSessions1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    const timestamp = String(runner.connection.driver.mappedDataTypes.createDate);
    await setNullable(runner, true);
    await runner.createTable(
      new Table({
        name: 'player_devices',
        columns: [
          idColumn(),
          { name: 'player_id', type: 'varchar', length: '64', isNullable: false },
          // SHA-256 of the device id: the id is a bearer secret, so a leaked table must not sign anyone in.
          { name: 'device_hash', type: 'varchar', length: '64', isNullable: false, isUnique: true },
          { name: 'label', type: 'varchar', length: '40', isNullable: true },
          createdAtColumn(runner),
        ],
        foreignKeys: [{ columnNames: ['player_id'], referencedTableName: 'players', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [new TableIndex({ name: 'player_devices_player_id', columnNames: ['player_id'] })],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          idColumn(),
          { name: 'player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'method', type: 'varchar', length: '16', isNullable: false },
          { name: 'device_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'label', type: 'varchar', length: '40', isNullable: true },
          { name: 'last_used_at', type: timestamp, isNullable: false },
          { name: 'expires_at', type: timestamp, isNullable: false },
          { name: 'ended_at', type: timestamp, isNullable: true },
          { name: 'end_reason', type: 'varchar', length: '16', isNullable: true },
          createdAtColumn(runner),
        ],
        foreignKeys: [
          { columnNames: ['player_id'], referencedTableName: 'players', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['device_id'], referencedTableName: 'player_devices', referencedColumnNames: ['id'], onDelete: 'SET NULL' },
        ],
        indices: [new TableIndex({ name: 'sessions_player_id', columnNames: ['player_id', 'id'] })],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'refresh_tokens',
        columns: [
          // SHA-256 of the token; every token a session was ever given stays, so a replayed old one is recognised.
          { name: 'token_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'session_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'expires_at', type: timestamp, isNullable: false },
          { name: 'replaced_at', type: timestamp, isNullable: true },
          createdAtColumn(runner),
        ],
        foreignKeys: [{ columnNames: ['session_id'], referencedTableName: 'sessions', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [new TableIndex({ name: 'refresh_tokens_session_id', columnNames: ['session_id'] })],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('refresh_tokens');
    await runner.dropTable('sessions');
    await runner.dropTable('player_devices');
    await runner.query('DELETE FROM players WHERE email IS NULL');
    await setNullable(runner, false);
  }
}

/**
 * Postgres changes nullability in place. TypeORM's changeColumn would drop
 * and re-add the columns there, losing every email and password; on SQLite
 * it rebuilds the table with its rows, the only way SQLite has.
 */
async function setNullable(runner: QueryRunner, nullable: boolean): Promise<void> {
  if (runner.connection.driver.options.type === 'postgres') {
    const change = nullable ? 'DROP NOT NULL' : 'SET NOT NULL';
    await runner.query(`ALTER TABLE players ALTER COLUMN email ${change}, ALTER COLUMN password_hash ${change}`);
    return;
  }
  await runner.changeColumns('players', [
    {
      oldColumn: new TableColumn({ name: 'email', type: 'varchar', length: '254', isNullable: !nullable, isUnique: true }),
      newColumn: new TableColumn({ name: 'email', type: 'varchar', length: '254', isNullable: nullable, isUnique: true }),
    },
    {
      oldColumn: new TableColumn({ name: 'password_hash', type: 'varchar', length: '100', isNullable: !nullable }),
      newColumn: new TableColumn({ name: 'password_hash', type: 'varchar', length: '100', isNullable: nullable }),
    },
  ]);
}
