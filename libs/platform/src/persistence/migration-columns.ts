import { QueryRunner, TableColumnOptions } from 'typeorm';

/**
 * Column helpers for migrations that must run on both Postgres and SQLite:
 * they ask the connected driver for its own type names.
 */
export function idColumn(name = 'id'): TableColumnOptions {
  return { name, type: 'varchar', length: '64', isPrimary: true };
}

export function createdAtColumn(runner: QueryRunner, name = 'created_at'): TableColumnOptions {
  const types = runner.connection.driver.mappedDataTypes;
  return { name, type: String(types.createDate), default: types.createDateDefault, isNullable: false };
}

export function updatedAtColumn(runner: QueryRunner, name = 'updated_at'): TableColumnOptions {
  const types = runner.connection.driver.mappedDataTypes;
  return { name, type: String(types.updateDate), default: types.updateDateDefault, isNullable: false };
}
