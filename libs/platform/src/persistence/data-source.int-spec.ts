import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Column, Entity, MigrationInterface, PrimaryColumn, QueryRunner, Table } from 'typeorm';
import { TEST_DATABASE_URL, TestIsolation } from '../testing/test-environment';
import { dataSourceOptions, migrate, openDataSource, PersistenceDefinition } from './data-source-options';
import { createdAtColumn, idColumn } from './migration-columns';
import { isUniqueViolation } from './unique-violation';

@Entity({ name: 'notes' })
class NoteEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Column({ type: 'varchar', length: 40, unique: true }) title!: string;
}

class CreateNotes1000000000000 implements MigrationInterface {
  name = 'CreateNotes1000000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'notes',
        columns: [idColumn(), { name: 'title', type: 'varchar', length: '40', isUnique: true }, createdAtColumn(runner)],
      }),
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('notes');
  }
}

const definition: PersistenceDefinition = { service: 'notes', entities: [NoteEntity], migrations: [CreateNotes1000000000000] };

describe.each([
  ['SQLite', 'sqlite'],
  ['Postgres', 'postgres'],
] as const)('the persistence layer on %s', (_label, engine) => {
  const isolation = new TestIsolation();
  const sqliteDir = mkdtempSync(join(tmpdir(), 'scriptbook-persistence-'));
  const config = () =>
    engine === 'postgres'
      ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: isolation.schemaFor('notes'), SQLITE_DIR: sqliteDir }
      : { DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, SQLITE_DIR: sqliteDir };

  afterAll(async () => {
    rmSync(sqliteDir, { recursive: true, force: true });
    await isolation.cleanUp();
  });

  it('puts each service in its own schema or file, with synchronize off', () => {
    const options = dataSourceOptions(config(), definition);
    expect(options.synchronize).toBe(false);
    if (options.type === 'postgres') expect(options.schema).toBe(isolation.schemaFor('notes'));
    else expect(options.database).toBe(join(sqliteDir, 'notes.sqlite'));
  });

  it('applies the checked-in migrations once, however many processes start together', async () => {
    const sources = await Promise.all([1, 2, 3].map(() => openDataSource(dataSourceOptions(config(), definition), false)));
    try {
      const applied = engine === 'postgres' ? await Promise.all(sources.map(migrate)) : [await migrate(sources[0])];
      expect(applied.flat()).toEqual(['CreateNotes1000000000000']);
      expect(await migrate(sources[0])).toEqual([]);
      if (engine === 'sqlite') expect(existsSync(join(sqliteDir, 'notes.sqlite'))).toBe(true);
    } finally {
      await Promise.all(sources.map((source) => source.destroy()));
    }
  });

  it('stores, reads back and recognises a unique violation', async () => {
    const source = await openDataSource(dataSourceOptions(config(), definition));
    try {
      const notes = source.getRepository(NoteEntity);
      await notes.insert({ id: 'n1', title: 'Zone' });
      expect(await notes.findOneBy({ id: 'n1' })).toMatchObject({ title: 'Zone' });
      const duplicate = await notes.insert({ id: 'n2', title: 'Zone' }).catch((error: unknown) => error);
      expect(isUniqueViolation(duplicate)).toBe(true);
      expect(await notes.count()).toBe(1);
    } finally {
      await source.destroy();
    }
  });
});
