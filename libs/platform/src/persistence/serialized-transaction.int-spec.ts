import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Column, DataSource, Entity, MigrationInterface, PrimaryColumn, QueryRunner, Table } from 'typeorm';
import { TEST_DATABASE_URL, TestIsolation } from '../testing/test-environment';
import { dataSourceOptions, openDataSource } from './data-source-options';
import { inTransaction } from './serialized-transaction';

@Entity({ name: 'tallies' })
class TallyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Column({ type: 'integer' }) count!: number;
}

class CreateTallies1000000000000 implements MigrationInterface {
  name = 'CreateTallies1000000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(new Table({ name: 'tallies', columns: [{ name: 'id', type: 'varchar', length: '64', isPrimary: true }, { name: 'count', type: 'integer' }] }));
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('tallies');
  }
}

const definition = { service: 'tallies', entities: [TallyEntity], migrations: [CreateTallies1000000000000] };

describe.each(['sqlite', 'postgres'] as const)('inTransaction on %s', (engine) => {
  const isolation = new TestIsolation();
  const sqliteDir = mkdtempSync(join(tmpdir(), 'scriptbook-transactions-'));
  let dataSource: DataSource;

  beforeAll(async () => {
    const config =
      engine === 'postgres'
        ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: isolation.schemaFor('tallies'), SQLITE_DIR: sqliteDir }
        : { DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, SQLITE_DIR: sqliteDir };
    dataSource = await openDataSource(dataSourceOptions(config, definition));
    await dataSource.getRepository(TallyEntity).insert({ id: 't', count: 0 });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(sqliteDir, { recursive: true, force: true });
    await isolation.cleanUp();
  });

  it('runs concurrent transactions without mixing them, a failing one rolling back alone', async () => {
    const bump = (fail: boolean) =>
      inTransaction(dataSource, async (manager) => {
        await manager.increment(TallyEntity, { id: 't' }, 'count', 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fail) throw new Error('refused');
      });
    const outcomes = await Promise.allSettled([bump(false), bump(true), bump(false), bump(true), bump(false)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await dataSource.getRepository(TallyEntity).findOneByOrFail({ id: 't' })).count).toBe(3);
  });
});
