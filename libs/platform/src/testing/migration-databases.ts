import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { TEST_DATABASE_URL, TestIsolation } from './test-environment';

type Migrations = NonNullable<DataSourceOptions['migrations']>;

/**
 * The two databases a service's migrations must hold on, for `it.each`:
 * the embedded SQLite of `npm start`, in memory, and a schema of its own on
 * the test Postgres (named after `name`, dropped with the isolation). Each
 * entry makes a data source that is not yet initialized.
 */
export function migrationDatabases(isolation: TestIsolation, name: string, migrations: Migrations): [string, () => Promise<DataSource>][] {
  const onPostgres = async (): Promise<DataSource> => {
    const schema = isolation.schemaFor(name);
    const client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`).finally(() => client.end());
    return new DataSource({ type: 'postgres', url: TEST_DATABASE_URL, schema, extra: { options: `-c search_path=${schema}` }, migrations });
  };
  return [
    ['SQLite', async () => new DataSource({ type: 'better-sqlite3', database: ':memory:', migrations })],
    ['Postgres', onPostgres],
  ];
}
