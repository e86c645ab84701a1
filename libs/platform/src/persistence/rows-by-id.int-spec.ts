import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Column, CreateDateColumn, DataSource, Entity, In, PrimaryColumn } from 'typeorm';
import { TEST_DATABASE_URL, TestIsolation } from '../testing/test-environment';
import { dataSourceOptions, openDataSource } from './data-source-options';
import { RowsById } from './rows-by-id';

@Entity({ name: 'tracked_items' })
class TrackedItemEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Column({ name: 'display_name', type: 'varchar', length: 40 }) displayName!: string;
  @Column({ type: 'simple-json', nullable: true }) state!: object | null;
  @Column({ type: 'integer', default: 0 }) version!: number;
  @CreateDateColumn({ name: 'created_at' }) createdAt!: Date;
}

describe.each(['sqlite', 'postgres'] as const)('RowsById on %s', (engine) => {
  const isolation = new TestIsolation();
  const sqliteDir = mkdtempSync(join(tmpdir(), 'scriptbook-rows-by-id-'));
  let dataSource: DataSource;

  beforeAll(async () => {
    const config =
      engine === 'postgres'
        ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: isolation.schemaFor('tracked'), SQLITE_DIR: sqliteDir }
        : { DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, SQLITE_DIR: sqliteDir };
    const options = dataSourceOptions(config, { service: 'tracked', entities: [TrackedItemEntity], migrations: [] });
    dataSource = await openDataSource({ ...options, synchronize: true }, false);
    await dataSource.getRepository(TrackedItemEntity).save([
      { id: 'a', displayName: 'Storage', state: { storage: { Water: 2 }, notes: ['é', '🔥'] }, version: 3 },
      { id: 'b', displayName: 'Empty', state: null, version: 0 },
    ]);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(sqliteDir, { recursive: true, force: true });
    await isolation.cleanUp();
  });

  it('returns what the repository returns, column for column and type for type', async () => {
    const rows = new RowsById(dataSource, TrackedItemEntity);
    const byId = (items: TrackedItemEntity[]) => [...items].sort((x, y) => x.id.localeCompare(y.id));
    const found = byId(await rows.find(['b', 'a', 'missing']));
    expect(found).toEqual(byId(await dataSource.getRepository(TrackedItemEntity).findBy({ id: In(['a', 'b']) })));
    expect(found[0]).toBeInstanceOf(TrackedItemEntity);
    expect(found[0].createdAt).toBeInstanceOf(Date);
    expect(Math.abs(found[0].createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(found[0].state).toEqual({ storage: { Water: 2 }, notes: ['é', '🔥'] });
    expect(found[1].state).toBeNull();
  });

  it('asks nothing for no ids and finds nothing for unknown ones', async () => {
    const rows = new RowsById(dataSource, TrackedItemEntity);
    expect(await rows.find([])).toEqual([]);
    expect(await rows.find(['nope', "it's; DROP TABLE tracked_items"])).toEqual([]);
    expect(await dataSource.getRepository(TrackedItemEntity).count()).toBe(2);
  });
});
