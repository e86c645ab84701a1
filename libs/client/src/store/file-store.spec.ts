import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { JsonValue } from '../json';
import { fileStore, FileStoreFs, nodeFileStoreFs } from './file-store';

const ROOT = resolve(__dirname, '..', '..', '..', '..');

describe('the file store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriptbook-client-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what was written across a reopen, and answers reads from what reached the disk', async () => {
    const path = join(dir, 'outbox.json');
    const store = await fileStore(path);
    await store.update({}, () => ({ put: new Map<string, JsonValue>([['a', { n: 1 }], ['b', 'two']]), result: undefined }));
    await store.update({ keys: ['b'] }, () => ({ delete: ['b'], result: undefined }));
    await store.close();
    const again = await fileStore(path);
    expect([...(await again.read({ prefixes: [''] }))]).toEqual([['a', { n: 1 }]]);
    await again.close();
  });

  it('leaves the old file whole when a write fails half way, as a crash would', async () => {
    const path = join(dir, 'outbox.json');
    const store = await fileStore(path);
    await store.update({}, () => ({ put: new Map([['action', { seq: 1 }]]), result: undefined }));
    await store.close();
    const before = readFileSync(path, 'utf8');
    const tearing: FileStoreFs = {
      ...nodeFileStoreFs,
      async writeDurably(file, text) {
        writeFileSync(file, text.slice(0, text.length / 2));
        throw new Error('the disk is full');
      },
    };
    const failing = await fileStore({ path, fs: tearing });
    await expect(failing.update({}, () => ({ put: new Map([['action', { seq: 2 }]]), result: undefined }))).rejects.toThrow('the disk is full');
    // What the store answers is still what is on disk.
    expect((await failing.read({ keys: ['action'] })).get('action')).toEqual({ seq: 1 });
    await failing.close();
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('clears what a crash between write and rename left, and refuses a second owner while the first lives', async () => {
    const path = join(dir, 'outbox.json');
    const store = await fileStore(path);
    await store.update({}, () => ({ put: new Map([['k', 1]]), result: undefined }));
    await expect(fileStore(path)).rejects.toThrow('already open in this process');
    await store.close();
    writeFileSync(`${path}.4242-7.tmp`, '{"torn');
    const again = await fileStore(path);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect((await again.read({ keys: ['k'] })).get('k')).toBe(1);
    await again.close();
  });

  it('survives its process being killed mid-write: every committed value is there, and none is torn', async () => {
    const path = join(dir, 'outbox.json');
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', join(__dirname, '..', 'testing', 'file-store-writer.ts'), path], {
      cwd: ROOT,
      env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let committed = 0;
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const numbers = chunk.toString().trim().split('\n').map(Number);
        committed = Math.max(committed, ...numbers);
        // Killed at an arbitrary point of a later write, after enough commits to be sure it ran.
        if (committed >= 8 && !child.killed) child.kill('SIGKILL');
      });
      child.on('exit', () => done());
      child.on('error', fail);
    });
    expect(committed).toBeGreaterThanOrEqual(8);
    const store = await fileStore(path);
    const value = (await store.read({ keys: ['counter'] })).get('counter') as { n: number; payload: string };
    expect(value.n).toBeGreaterThanOrEqual(committed);
    expect(value.payload).toBe(`${value.n}:${'x'.repeat(400_000)}:${value.n}`);
    await store.close();
  }, 60_000);
});
