import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Column, Entity, MigrationInterface, PrimaryColumn, QueryRunner, Table } from 'typeorm';
import { dataSourceOptions, openDataSource } from './data-source-options';

@Entity({ name: 'secrets' })
class SecretEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Column({ type: 'varchar', length: 64 }) value!: string;
}

class CreateSecrets1000000000000 implements MigrationInterface {
  name = 'CreateSecrets1000000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(new Table({ name: 'secrets', columns: [{ name: 'id', type: 'varchar', length: '64', isPrimary: true }, { name: 'value', type: 'varchar', length: '64' }] }));
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('secrets');
  }
}

const definition = { service: 'vault', entities: [SecretEntity], migrations: [CreateSecrets1000000000000] };
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('SQLite files on disk', () => {
  let root: string;
  let umask: number;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'scriptbook-sqlite-files-'));
    // The most permissive umask a process can run with: nothing is masked off.
    umask = process.umask(0o000);
  });

  afterEach(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  const openIn = async (dir: string) => {
    const source = await openDataSource(dataSourceOptions({ DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, SQLITE_DIR: dir }, definition));
    await source.getRepository(SecretEntity).insert({ id: 'a', value: 'a player’s campaign' });
    return source;
  };

  it('are readable by their owner only, the data folder, the database, its -wal and -shm, whatever the umask', async () => {
    const dir = join(root, 'data');
    const source = await openIn(dir);
    try {
      const file = join(dir, 'vault.sqlite');
      expect({ folder: modeOf(dir), file: modeOf(file), wal: modeOf(`${file}-wal`), shm: modeOf(`${file}-shm`) }).toEqual({
        folder: 0o700,
        file: 0o600,
        wal: 0o600,
        shm: 0o600,
      });
    } finally {
      await source.destroy();
    }
  });

  it('takes back what an earlier run left readable by others', async () => {
    const dir = join(root, 'old-data');
    mkdirSync(dir, { mode: 0o777 });
    const file = join(dir, 'vault.sqlite');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) writeFileSync(path, '', { mode: 0o666 });
    chmodSync(dir, 0o777);
    const source = await openIn(dir);
    try {
      expect([dir, file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual([0o700, 0o600, 0o600, 0o600]);
    } finally {
      await source.destroy();
    }
  });
});
