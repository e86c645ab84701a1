import { ChildProcess, spawn } from 'node:child_process';

export interface OtherWriter {
  /** `hold`: take the write lock once, run `sql` and keep the lock `ms`, then roll back. `churn`: commit `sql` back to back for `ms`. */
  readonly mode: 'hold' | 'churn';
  readonly ms: number;
  /** A write; in `churn` it gets the running count as `@n`. */
  readonly sql: string;
}

/**
 * Another process writing the same SQLite file, as the snapshot worker does
 * beside an API process. better-sqlite3 waits for a lock synchronously, so
 * the other writer must be a process of its own: in the test's process it
 * could never let go while the test waits. Resolves once the other process
 * holds the lock (or has begun churning).
 */
export function otherSqliteWriter(file: string, writer: OtherWriter): Promise<ChildProcess> {
  const script = `
    const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
    const db = new Database(${JSON.stringify(file)}, { timeout: 10000 });
    const write = db.prepare(${JSON.stringify(writer.sql)});
    const until = Date.now() + ${writer.ms};
    if (${JSON.stringify(writer.mode)} === 'hold') {
      db.exec('BEGIN IMMEDIATE');
      write.run();
      process.stdout.write('locked\\n');
      setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, ${writer.ms});
    } else {
      process.stdout.write('locked\\n');
      let n = 0;
      const tick = () => {
        for (let i = 0; i < 20 && Date.now() < until; i++) write.run({ n: n++ });
        if (Date.now() < until) setImmediate(tick); else db.close();
      };
      tick();
    }`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the other writer exited (${code}) before it held the lock`)));
    child.stdout!.once('data', () => {
      child.removeAllListeners('exit');
      resolve(child);
    });
  });
}

export const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
