import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAtColumn, idColumn } from '../persistence/migration-columns';

/**
 * The webhook tables, in the schema of the service that hosts the webhook
 * API and its worker (scoring): endpoints, their delivery log, and the
 * outbox of events written beside the facts they report.
 */
export class CreateWebhookTables1765000000000 implements MigrationInterface {
  name = 'CreateWebhookTables1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    const timestamp = String(runner.connection.driver.mappedDataTypes.createDate);
    await runner.createTable(
      new Table({
        name: 'webhook_endpoints',
        columns: [
          idColumn(),
          { name: 'owner_player_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'audience', type: 'varchar', length: '16', isNullable: false },
          { name: 'group_id', type: 'varchar', length: '80', isNullable: true },
          { name: 'url', type: 'varchar', length: '2048', isNullable: false },
          { name: 'events', type: 'text', isNullable: false },
          { name: 'description', type: 'varchar', length: '200', isNullable: true },
          { name: 'secret', type: 'varchar', length: '128', isNullable: false },
          { name: 'consecutive_failures', type: 'integer', default: 0, isNullable: false },
          { name: 'paused_at', type: timestamp, isNullable: true },
          { name: 'paused_reason', type: 'varchar', length: '500', isNullable: true },
          createdAtColumn(runner),
        ],
      }),
    );
    // The fan-out looks endpoints up by audience and group; an owner lists theirs.
    await runner.createIndex('webhook_endpoints', new TableIndex({ name: 'webhook_endpoints_audience_group', columnNames: ['audience', 'group_id'] }));
    await runner.createIndex('webhook_endpoints', new TableIndex({ name: 'webhook_endpoints_owner', columnNames: ['owner_player_id', 'id'] }));
    await runner.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          idColumn(),
          { name: 'endpoint_id', type: 'varchar', length: '64', isNullable: false },
          { name: 'event_id', type: 'varchar', length: '80', isNullable: false },
          { name: 'event_type', type: 'varchar', length: '64', isNullable: false },
          { name: 'payload', type: 'text', isNullable: false },
          { name: 'status', type: 'varchar', length: '16', isNullable: false },
          { name: 'attempts', type: 'integer', default: 0, isNullable: false },
          { name: 'last_status_code', type: 'integer', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'last_attempt_at', type: timestamp, isNullable: true },
          { name: 'next_attempt_at', type: timestamp, isNullable: true },
          { name: 'delivered_at', type: timestamp, isNullable: true },
          createdAtColumn(runner),
        ],
        foreignKeys: [{ columnNames: ['endpoint_id'], referencedTableName: 'webhook_endpoints', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    // One delivery per event and endpoint, however often the event is fanned out again.
    await runner.createIndex('webhook_deliveries', new TableIndex({ name: 'webhook_deliveries_event_endpoint', columnNames: ['event_id', 'endpoint_id'], isUnique: true }));
    // The log of one endpoint, newest first, and its held deliveries on resume.
    await runner.createIndex('webhook_deliveries', new TableIndex({ name: 'webhook_deliveries_endpoint_id', columnNames: ['endpoint_id', 'id'] }));
    await runner.createTable(new Table({ name: 'webhook_outbox', columns: [idColumn('event_id'), { name: 'emitted', type: 'text', isNullable: false }, createdAtColumn(runner)] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('webhook_outbox');
    await runner.dropTable('webhook_deliveries');
    await runner.dropTable('webhook_endpoints');
  }
}
