import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_SECRETS, TestIsolation } from '@scriptbook/platform/testing/test-environment';

const ROOT = resolve(__dirname, '..', '..');
const READY_WITHIN_MS = 90_000;

/** The whole platform as `npm start` runs it, from the build, on SQLite files and the real Redis. */
export interface RunningPlatform {
  /** The gateway's origin, e.g. `http://127.0.0.1:34510`. */
  readonly origin: string;
  stop(): Promise<void>;
}

/**
 * Starts `dist/scripts/start-platform.js` on ports of its own (`PORT_OFFSET`)
 * and waits until the gateway reports itself ready, which it does only once
 * every subgraph answers. Readiness is read from `/health/ready`, not from
 * the console, so the start-up messages may change freely.
 */
export async function startPlatform(isolation: TestIsolation, portOffset: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningPlatform> {
  for (const built of ['dist/scripts/start-platform.js', 'dist/web/leaderboard/index.html']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` (npm test does) before the end-to-end tests`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-browser-'));
  const origin = `http://127.0.0.1:${4000 + portOffset}`;
  let output = '';
  const platform: ChildProcess = spawn(process.execPath, ['-r', './scripts/runtime-paths.js', 'dist/scripts/start-platform.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ...TEST_SECRETS,
      LOG_LEVEL: 'warn',
      PORT_OFFSET: String(portOffset),
      SQLITE_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_PREFIX: isolation.redisPrefix,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  platform.stdout!.on('data', (chunk) => (output += chunk));
  platform.stderr!.on('data', (chunk) => (output += chunk));

  const stop = async () => {
    if (platform.exitCode === null && platform.signalCode === null) {
      platform.kill('SIGTERM');
      await new Promise((done) => platform.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (platform.exitCode !== null) {
      await stop();
      throw new Error(`the platform exited with ${platform.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/health/ready`, { signal: AbortSignal.timeout(1_000) })).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(`the platform was not ready in ${READY_WITHIN_MS / 1000} s:\n${output}`);
}
