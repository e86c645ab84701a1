import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Column, DataSource, Entity, MigrationInterface, PrimaryColumn, QueryRunner, Table } from 'typeorm';
import { DomainError } from '../errors/domain-errors';
import { dataSourceOptions, openDataSource } from './data-source-options';
import { inTransaction } from './serialized-transaction';
import { SQLITE_BUSY_TIMEOUT_MS } from './sqlite-locking';
import { exited, otherSqliteWriter } from './testing/sqlite-lock-holder';

@Entity({ name: 'ledger' })
class LedgerEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Column({ type: 'integer' }) amount!: number;
}

class CreateLedger1000000000000 implements MigrationInterface {
  name = 'CreateLedger1000000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(new Table({ name: 'ledger', columns: [{ name: 'id', type: 'varchar', length: '64', isPrimary: true }, { name: 'amount', type: 'integer' }] }));
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('ledger');
  }
}

const definition = { service: 'ledger', entities: [LedgerEntity], migrations: [CreateLedger1000000000000] };

const hold = (file: string, ms: number) => otherSqliteWriter(file, { mode: 'hold', ms, sql: "INSERT INTO ledger (id, amount) VALUES ('held', 1)" });
// Five rows the worker keeps rewriting, as the snapshot worker rewrites its snapshots.
const churn = (file: string, ms: number) => otherSqliteWriter(file, { mode: 'churn', ms, sql: "INSERT OR REPLACE INTO ledger (id, amount) VALUES ('worker-' || (@n % 5), @n)" });

describe('SQLite write locks shared with another process', () => {
  let dir: string;
  let file: string;
  const opened: DataSource[] = [];
  const open = async (busyTimeoutMs?: number) => {
    const source = await openDataSource(
      dataSourceOptions({ DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, SQLITE_DIR: dir, SQLITE_BUSY_TIMEOUT_MS: busyTimeoutMs }, definition),
    );
    opened.push(source);
    return source;
  };
  const count = async (source: DataSource) => source.getRepository(LedgerEntity).count();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriptbook-sqlite-locks-'));
    file = join(dir, 'ledger.sqlite');
  });

  afterEach(async () => {
    for (const source of opened.splice(0)) if (source.isInitialized) await source.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands the configured busy timeout to better-sqlite3', async () => {
    expect(await (await open()).query('PRAGMA busy_timeout')).toEqual([{ timeout: SQLITE_BUSY_TIMEOUT_MS }]);
    expect(await (await open(250)).query('PRAGMA busy_timeout')).toEqual([{ timeout: 250 }]);
  });

  it('takes the write lock when a transaction begins, before its first read', async () => {
    const source = await open();
    const other = new Database(file, { timeout: 0 });
    try {
      await inTransaction(source, async (manager) => {
        await manager.query('SELECT count(*) FROM ledger');
        // A deferred BEGIN would hold only a read snapshot here, and the other connection could write.
        expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
        await manager.insert(LedgerEntity, { id: 'mine', amount: 1 });
      });
      expect(await count(source)).toBe(1);
    } finally {
      other.close();
    }
  });

  it('completes every read-then-write transaction while another process keeps committing', async () => {
    const source = await open();
    const worker = await churn(file, 1_500);
    let done = 0;
    try {
      // A deferred transaction that read before the worker's commit could not upgrade: SQLITE_BUSY_SNAPSHOT, at once.
      while (worker.exitCode === null) {
        await inTransaction(source, async (manager) => {
          const [{ n }] = await manager.query("SELECT count(*) AS n FROM ledger WHERE id LIKE 'push-%'");
          await new Promise((resolve) => setImmediate(resolve));
          await manager.insert(LedgerEntity, { id: `push-${done}`, amount: Number(n) });
        });
        done += 1;
        // Room between transactions for the worker, as requests leave it between pushes.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    } finally {
      await exited(worker);
    }
    expect(done).toBeGreaterThan(20);
    const [{ pushes, workerCommits }] = await source.query(
      "SELECT sum(id LIKE 'push-%') AS pushes, max(CASE WHEN id LIKE 'worker-%' THEN amount END) AS workerCommits FROM ledger",
    );
    expect(Number(pushes)).toBe(done);
    // The worker did commit in between, many times: the transactions above met its writes.
    expect(Number(workerCommits)).toBeGreaterThan(20);
  });

  it('waits out another process’s write lock, then writes', async () => {
    const source = await open();
    const holder = await hold(file, 600);
    const started = Date.now();
    await inTransaction(source, (manager) => manager.insert(LedgerEntity, { id: 'after-wait', amount: 1 }));
    expect(Date.now() - started).toBeGreaterThan(300);
    await exited(holder);
    expect(await source.getRepository(LedgerEntity).findOneBy({ id: 'after-wait' })).toMatchObject({ amount: 1 });
  });

  it('answers SERVICE_UNAVAILABLE with retryAfter when the lock outlasts the timeout, writes nothing, and writes again after', async () => {
    const source = await open(200);
    const holder = await hold(file, 1_500);
    let failure: unknown;
    try {
      await inTransaction(source, (manager) => manager.insert(LedgerEntity, { id: 'refused', amount: 1 }));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retryAfter: 1 } });
    // A plain statement outside any transaction meets the same lock and the same answer.
    await expect(source.query("INSERT INTO ledger (id, amount) VALUES ('plain', 1)")).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await exited(holder);
    expect(await count(source)).toBe(0);
    // The connection is not left inside a transaction that never began: a save wraps itself in one again and commits.
    await source.getRepository(LedgerEntity).save({ id: 'later', amount: 2 });
    await inTransaction(source, (manager) => manager.insert(LedgerEntity, { id: 'later-too', amount: 3 }));
    const check = new Database(file, { readonly: true });
    try {
      expect(check.prepare('SELECT id FROM ledger ORDER BY id').all()).toEqual([{ id: 'later' }, { id: 'later-too' }]);
    } finally {
      check.close();
    }
  });
});
