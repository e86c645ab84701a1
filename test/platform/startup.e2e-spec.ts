import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const RUNTIME = ['-r', './scripts/runtime-paths.js'];
const DEAD_REDIS = 'redis://127.0.0.1:9';

describe('starting processes from the build', () => {
  it('refuses a bad environment with one message listing every problem, and exits 1', () => {
    const result = spawnSync(process.execPath, [...RUNTIME, 'dist/services/accounts/src/main.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: 'eighty', DATABASE_URL: 'mysql://db', JWT_TTL: 'forever', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^accounts: invalid configuration/);
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_TTL', 'LOG_LEVEL']) expect(result.stderr).toContain(`  - ${name}:`);
  });

  it('npm run migrate applies every service\'s migrations once', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-migrate-'));
    const migrate = () =>
      spawnSync(process.execPath, [...RUNTIME, 'dist/scripts/migrate.js'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, SQLITE_DIR: dataDir },
        encoding: 'utf8',
        timeout: 30_000,
      });
    try {
      const first = migrate();
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/^accounts: CreatePlayers\d+$/m);
      expect(first.stdout).toMatch(/^campaigns: CreateCampaigns\d+$/m);
      expect(first.stdout).toMatch(/^scoring: CreateGameResults\d+$/m);
      expect(migrate().stdout.trim().split('\n')).toEqual(['accounts: up to date', 'campaigns: up to date', 'scoring: up to date']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('npm start says how to get Redis when none answers and none can be started', () => {
    // A PATH holding node alone: no redis-server to fall back on.
    const bin = mkdtempSync(join(tmpdir(), 'scriptbook-bin-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = spawnSync(process.execPath, [...RUNTIME, 'dist/scripts/start-platform.js'], {
      cwd: ROOT,
      env: { PATH: bin, REDIS_URL: DEAD_REDIS, SQLITE_DIR: bin },
      encoding: 'utf8',
      timeout: 30_000,
    });
    rmSync(bin, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`No Redis answers at ${DEAD_REDIS}`);
    expect(result.stderr).toMatch(/Install Redis .*apt-get install redis-server/s);
  });

  it('npm start runs on a private redis-server when REDIS_URL does not answer, and stops it on exit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-private-redis-'));
    const platform = spawn(process.execPath, [...RUNTIME, 'dist/scripts/start-platform.js'], {
      cwd: ROOT,
      env: { ...process.env, REDIS_URL: DEAD_REDIS, SQLITE_DIR: dataDir, LOG_LEVEL: 'warn', PORT_OFFSET: String(21_000 + (process.pid % 200) * 10) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    platform.stdout!.on('data', (chunk) => (output += chunk));
    platform.stderr!.on('data', (chunk) => (output += chunk));
    try {
      await new Promise<void>((ready, fail) => {
        const timer = setTimeout(() => fail(new Error(`not ready:\n${output}`)), 90_000);
        platform.stdout!.on('data', () => output.includes('Scriptbook is ready') && (clearTimeout(timer), ready()));
        platform.once('exit', (code) => (clearTimeout(timer), fail(new Error(`exited ${code}:\n${output}`))));
      });
      const port = /starting a private redis-server on port (\d+)/.exec(output)?.[1];
      expect(port).toBeDefined();
      const ping = spawnSync('redis-cli', ['-p', port!, 'ping'], { encoding: 'utf8' });
      expect(ping.stdout.trim()).toBe('PONG');

      platform.kill('SIGTERM');
      expect(await new Promise((r) => platform.once('exit', r))).toBe(0);
      expect(spawnSync('redis-cli', ['-p', port!, 'ping'], { encoding: 'utf8' }).stdout.trim()).not.toBe('PONG');
    } finally {
      if (platform.exitCode === null) platform.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
